import SwiftUI

struct Screen<Model: ScreenModel>: View {
    @ObservedObject var model: Model

    var body: some View {
        Text(model.title)
    }
}

struct Root: View {
    @StateObject private var home = HomeModel()
    @StateObject private var search = SearchModel()

    var body: some View {
        VStack {
            Screen(model: home)
            Text(search.query)
        }
    }
}
