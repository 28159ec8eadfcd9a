import SwiftUI

struct LibraryView: View {
    @State private var library = Library()
    @ObservedObject var search: Search

    var body: some View {
        VStack {
            Text(library.filter)
            ProfileView()
        }
        .environment(Profile())
        .onReceive(search.$query) { _ in }
    }
}

struct ProfileView: View {
    @Environment(Profile.self) var profile

    var body: some View {
        @Bindable var profile = profile
        TextField("Name", text: $profile.name)
    }
}
