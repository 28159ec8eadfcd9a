import Combine
import Foundation

final class SearchModel: ObservableObject {
    @Published var query = ""
    private var cancellables = Set<AnyCancellable>()

    init() {
        $query
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .sink { _ in }
            .store(in: &cancellables)
    }
}
