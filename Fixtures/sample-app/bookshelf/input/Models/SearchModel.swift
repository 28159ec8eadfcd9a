import Foundation
import Combine

/// Searches the catalogue as the user types.
///
/// The query is debounced with a Combine pipeline on its `@Published` publisher, so this
/// model keeps `ObservableObject` until the pipeline is rewritten (for example with
/// `.task(id:)` and `Task.sleep`).
final class SearchModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var results: [Book] = []
    @Published private(set) var isSearching = false

    private let api: BookAPI
    private var cancellables = Set<AnyCancellable>()

    init(api: BookAPI = BookAPI()) {
        self.api = api
        $query
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .removeDuplicates()
            .sink { [weak self] text in
                self?.run(text)
            }
            .store(in: &cancellables)
    }

    private func run(_ text: String) {
        isSearching = true
        results = api.search(text)
        isSearching = false
    }
}
