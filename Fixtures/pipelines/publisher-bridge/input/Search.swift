import Combine
import Foundation

/// `$query` zipped with `$scope`: no observer can do that work, so each keeps a publisher of
/// its own that delivers as Published did (the current value on subscription, then each new
/// value before the property changes).
final class SearchModel: ObservableObject {
    @Published var query: String = ""
    @Published var scope = 0
    @Published private(set) var results: [String] = []
    @Published var isLoading = false {
        didSet { log.append("loading \(isLoading)") }
    }
    var log: [String] = []
    private var cancellables = Set<AnyCancellable>()

    init(query: String) {
        self.query = query
        $query
            .zip($scope)
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
