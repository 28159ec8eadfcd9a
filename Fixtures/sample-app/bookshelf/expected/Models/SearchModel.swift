import Foundation
import Combine
import Observation

/// Searches the catalogue as the user types.
///
/// The query is debounced with a Combine pipeline on its `@Published` publisher, so this
/// model keeps `ObservableObject` until the pipeline is rewritten (for example with
/// `.task(id:)` and `Task.sleep`).
@Observable final class SearchModel {
    var query = "" {
        willSet {
            querySubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var querySubject = CurrentValueSubject<String, Never>(query)
    var queryPublisher: AnyPublisher<String, Never> { querySubject.eraseToAnyPublisher() }
    private(set) var results: [Book] = []
    private(set) var isSearching = false

    private let api: BookAPI
    private var cancellables = Set<AnyCancellable>()

    init(api: BookAPI = BookAPI()) {
        self.api = api
        queryPublisher
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
