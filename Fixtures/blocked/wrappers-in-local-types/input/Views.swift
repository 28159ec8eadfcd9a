import SwiftUI

struct ProfileForm: View {
    @ObservedObject var editor: ProfileEditor
    @EnvironmentObject var theme: Theme

    var body: some View {
        TextField(theme.accent, text: $editor.name)
    }
}

struct LibraryView: View {
    @StateObject private var library = Library()

    var body: some View {
        List(library.titles, id: \.self) { Text($0) }
    }
}
