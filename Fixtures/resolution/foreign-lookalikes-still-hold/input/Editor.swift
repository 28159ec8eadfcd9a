import Combine
import EditorKit  // another module: `protocol EditorModel: ObservableObject` is declared there

/// A model that conforms to another module's protocol: a value of that protocol may be this model.
final class Page: ObservableObject, EditorModel {
    @Published var title = ""
}

final class PageObserver {
    let page: any EditorModel
    var cancellable: AnyCancellable?

    init(page: any EditorModel) {
        self.page = page
        cancellable = page.objectWillChange.sink { _ in print("changed") }
    }
}
