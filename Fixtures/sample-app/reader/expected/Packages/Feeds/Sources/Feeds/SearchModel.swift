import Combine
import Foundation
import Observation

/// Debounces its query through the $query publisher: a person reworks it (AsyncSequence,
/// or .task(id:) in the view), so it keeps ObservableObject.
@Observable public final class SearchModel {
    public var query = "" {
        willSet {
            querySubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var querySubject = CurrentValueSubject<String, Never>(query)
    public var queryPublisher: AnyPublisher<String, Never> { querySubject.eraseToAnyPublisher() }
    public private(set) var results: [String] = []
    private var cancellables: Set<AnyCancellable> = []

    public init() {
        queryPublisher
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .sink { [weak self] text in self?.results = text.isEmpty ? [] : [text] }
            .store(in: &cancellables)
    }
}
