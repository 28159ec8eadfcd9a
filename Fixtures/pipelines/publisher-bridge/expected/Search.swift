import Combine
import Foundation
import Observation

/// `$query` zipped with `$scope`: no observer can do that work, so each keeps a publisher of
/// its own that delivers as Published did (the current value on subscription, then each new
/// value before the property changes).
@Observable final class SearchModel {
    var query: String = "" {
        willSet {
            querySubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var querySubject = CurrentValueSubject<String, Never>(query)
    var queryPublisher: AnyPublisher<String, Never> { querySubject.eraseToAnyPublisher() }
    var scope = 0 {
        willSet {
            scopeSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var scopeSubject = CurrentValueSubject<Int, Never>(scope)
    var scopePublisher: AnyPublisher<Int, Never> { scopeSubject.eraseToAnyPublisher() }
    private(set) var results: [String] = [] {
        willSet {
            resultsSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var resultsSubject = CurrentValueSubject<[String], Never>(results)
    var resultsPublisher: AnyPublisher<[String], Never> { resultsSubject.eraseToAnyPublisher() }
    var isLoading = false {
        willSet {
            isLoadingSubject.send(newValue)
        }
        didSet { log.append("loading \(isLoading)") }
    }
    @ObservationIgnored private lazy var isLoadingSubject = CurrentValueSubject<Bool, Never>(isLoading)
    var isLoadingPublisher: AnyPublisher<Bool, Never> { isLoadingSubject.eraseToAnyPublisher() }
    var log: [String] = []
    private var cancellables = Set<AnyCancellable>()

    init(query: String) {
        self.query = query
        queryPublisher
            .zip(scopePublisher)
            .map { "\($0.0)#\($0.1)" }
            .sink { [weak self] key in self?.log.append("key \(key) while \(self?.query ?? "")") }
            .store(in: &cancellables)
        self.query = query + "!"
    }

    func run() {
        isLoading = true
        results.append(query)
        isLoading = false
    }
}
