import Combine
import Foundation
import Observation

@Observable
final class SearchModel {
    var query = "" {
        willSet {
            querySubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var querySubject = CurrentValueSubject<String, Never>(query)
    var queryPublisher: AnyPublisher<String, Never> { querySubject.eraseToAnyPublisher() }
    private var cancellables = Set<AnyCancellable>()

    init() {
        queryPublisher
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .sink { _ in }
            .store(in: &cancellables)
    }
}
