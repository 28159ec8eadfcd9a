import SwiftUI

struct NoteView: View {
    @Bindable var note: Note

    var body: some View {
        VStack {
            TextField("Text", text: $note.text)
            Toggle("Pinned", isOn: $note.isPinned)
            Text("\(note.length) characters, \(note.kind)")
        }
    }
}
