import Combine
import Foundation

final class SearchModel: ObservableObject {
    @Published var query = ""
    @Published private(set) var results: [String] = []
    private var cancellables = Set<AnyCancellable>()

    init() {
        $query
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .sink { [weak self] text in self?.search(text) }
            .store(in: &cancellables)
    }

    private func search(_ text: String) {
        results = text.isEmpty ? [] : [text]
    }
}

/// Nothing uses its publisher: it migrates with no publisher of its own.
final class History: ObservableObject {
    @Published var entries: [String] = []
}
