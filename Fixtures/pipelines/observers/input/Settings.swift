import Combine
import Foundation

/// Synchronous pipelines on the model's own publishers, made in its initializer: each becomes a
/// willSet on its property, doing the same work at the same moment.
final class Settings: ObservableObject {
    enum Position: String {
        case leading, top
    }

    @Published var position: Position = .top
    @Published var fontScale: Double = 1
    @Published var name: String = ""
    var storedPosition = Position.top.rawValue
    private var cancellables = Set<AnyCancellable>()

    init(stored: String) {
        storedPosition = stored
        // Set before the subscriptions: no sink sees it.
        position = Position(rawValue: stored) ?? .top

        $position
            .dropFirst()
            .map(\.rawValue)
            .sink { [weak self] raw in
                self?.storedPosition = raw
            }
            .store(in: &cancellables)

        $fontScale
            .dropFirst()
            .filter { $0 > 0 }
            .map { scale in scale * 2 }
            .sink { [weak self] doubled in self?.note("scale \(doubled)") }
            .store(in: &cancellables)

        $name.removeDuplicates().dropFirst()
            .compactMap { $0.isEmpty ? nil : $0.uppercased() }
            .sink { upper in print("name \(upper)") }
            .store(in: &cancellables)

        // Set after them: delivered.
        fontScale = 3
    }

    func note(_ text: String) {
        print("\(text), fontScale still \(fontScale)")
    }

    func reset() {
        position = .top
    }

    deinit {
        print("Settings deinit, stored \(storedPosition)")
    }
}
