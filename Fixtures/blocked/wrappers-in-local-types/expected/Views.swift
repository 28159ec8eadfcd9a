import SwiftUI

struct ProfileForm: View {
    @ObservedObject var editor: ProfileEditor
    @Environment(Theme.self) var theme

    var body: some View {
        TextField(theme.accent, text: $editor.name)
    }
}

struct LibraryView: View {
    @State private var library = Library()

    var body: some View {
        List(library.titles, id: \.self) { Text($0) }
    }
}
