import SwiftUI

struct Screen<Model: ScreenModel>: View {
    @Bindable var model: Model

    var body: some View {
        VStack {
            Text(model.title)
            TextField("Search", text: $model.query)
        }
    }
}

struct Tabs: View {
    @State private var home = HomeModel()
    @State private var library = LibraryModel()

    var body: some View {
        VStack {
            Screen(model: home)
            Screen(model: library)
            Text("\(library.books.count) books")
        }
    }
}
