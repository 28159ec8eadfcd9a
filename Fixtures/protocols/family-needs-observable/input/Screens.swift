import SwiftUI

struct SearchableList<Model: ListViewModel>: View {
    @ObservedObject var model: Model

    var body: some View {
        VStack {
            TextField("Search", text: $model.query)
            List(model.titles, id: \.self) { Text($0) }
        }
    }
}

struct SelectionBadge<Model>: View where Model: DetailViewModel {
    @EnvironmentObject var model: Model

    var body: some View {
        Text(model.selected ?? "none")
    }
}

struct OwnedList<Model: ListViewModel>: View {
    @StateObject private var model: Model

    init(model: @autoclosure @escaping () -> Model) {
        _model = StateObject(wrappedValue: model())
    }

    var body: some View {
        SearchableList(model: model)
    }
}

struct Root: View {
    @StateObject private var article = ArticleModel()

    var body: some View {
        VStack {
            OwnedList(model: FeedModel())
            SelectionBadge<ArticleModel>()
        }
        .environmentObject(article)
    }
}
