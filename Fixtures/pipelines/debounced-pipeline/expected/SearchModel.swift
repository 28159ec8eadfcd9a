import Combine
import Foundation
import Observation

@Observable final class SearchModel {
    var query = "" {
        willSet {
            querySubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var querySubject = CurrentValueSubject<String, Never>(query)
    var queryPublisher: AnyPublisher<String, Never> { querySubject.eraseToAnyPublisher() }
    private(set) var results: [String] = []
    private var cancellables = Set<AnyCancellable>()

    init() {
        queryPublisher
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .sink { [weak self] text in self?.search(text) }
            .store(in: &cancellables)
    }

    private func search(_ text: String) {
        results = text.isEmpty ? [] : [text]
    }
}

/// Nothing uses its publisher: it migrates with no publisher of its own.
@Observable final class History {
    var entries: [String] = []
}
