// expect-error: cannot find '$query' in scope
// Once @Published is gone, `$query` is no longer a publisher (Combine pipelines must be rewritten).
import Foundation
import Combine
import Observation

@Observable
final class SearchModel {
    var query = ""
    var results: [String] = []
    @ObservationIgnored private var cancellables = Set<AnyCancellable>()

    init() {
        $query
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .sink { [weak self] text in self?.results = [text] }
            .store(in: &cancellables)
    }
}
