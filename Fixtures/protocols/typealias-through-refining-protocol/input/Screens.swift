import SwiftUI

struct Screen<Model: ScreenModel>: View {
    @ObservedObject var model: Model

    var body: some View {
        VStack {
            Text(model.title)
            TextField("Search", text: $model.query)
        }
    }
}

struct Tabs: View {
    @StateObject private var home = HomeModel()
    @StateObject private var library = LibraryModel()

    var body: some View {
        VStack {
            Screen(model: home)
            Screen(model: library)
            Text("\(library.books.count) books")
        }
    }
}
