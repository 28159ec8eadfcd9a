import Combine
import Foundation

/// Debounces its query through the $query publisher: a person reworks it (AsyncSequence,
/// or .task(id:) in the view), so it keeps ObservableObject.
public final class SearchModel: ObservableObject {
    @Published public var query = ""
    @Published public private(set) var results: [String] = []
    private var cancellables: Set<AnyCancellable> = []

    public init() {
        $query
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .sink { [weak self] text in self?.results = text.isEmpty ? [] : [text] }
            .store(in: &cancellables)
    }
}
