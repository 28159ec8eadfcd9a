import SwiftUI

struct SearchableList<Model: ListViewModel>: View {
    @Bindable var model: Model

    var body: some View {
        VStack {
            TextField("Search", text: $model.query)
            List(model.titles, id: \.self) { Text($0) }
        }
    }
}

struct SelectionBadge<Model>: View where Model: DetailViewModel {
    @Environment(Model.self) var model

    var body: some View {
        Text(model.selected ?? "none")
    }
}

struct OwnedList<Model: ListViewModel>: View {
    @State private var model: Model

    init(model: @autoclosure @escaping () -> Model) {
        _model = State(wrappedValue: model())
    }

    var body: some View {
        SearchableList(model: model)
    }
}

struct Root: View {
    @State private var article = ArticleModel()

    var body: some View {
        VStack {
            OwnedList(model: FeedModel())
            SelectionBadge<ArticleModel>()
        }
        .environment(article)
    }
}
