import SwiftUI

final class Draft: ObservableObject {
    @Published var text = "" // obs-migrate:disable-line OBS102
}

final class Note: ObservableObject {
    // obs-migrate:disable-line OBS102
    @Published var text = ""
}

struct Editor: View {
    @StateObject private var draft = Draft()
    @StateObject private var note = Note()
    var body: some View { Text(draft.text + note.text) }
}
