import SwiftUI

final class Draft: ObservableObject {
    @Published var text = "" // obs-migrate:disable-line OBS102
}

@Observable final class Note {
    // obs-migrate:disable-line OBS102
    var text = ""
}

struct Editor: View {
    @StateObject private var draft = Draft()
    @State private var note = Note()
    var body: some View { Text(draft.text + note.text) }
}
