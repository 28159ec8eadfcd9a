import SwiftUI

struct LibraryView: View {
    @StateObject private var library = Library()
    @ObservedObject var search: Search

    var body: some View {
        VStack {
            Text(library.filter)
            ProfileView()
        }
        .environmentObject(Profile())
        .onReceive(search.$query) { _ in }
    }
}

struct ProfileView: View {
    @EnvironmentObject var profile: Profile

    var body: some View {
        TextField("Name", text: $profile.name)
    }
}
