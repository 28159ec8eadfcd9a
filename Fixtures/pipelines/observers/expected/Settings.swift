import Foundation
import Observation

/// Synchronous pipelines on the model's own publishers, made in its initializer: each becomes a
/// willSet on its property, doing the same work at the same moment.
@Observable final class Settings {
    enum Position: String {
        case leading, top
    }

    var position: Position = .top {
        willSet {
            let raw = newValue.rawValue
            self.storedPosition = raw
        }
    }
    var fontScale: Double = 1 {
        willSet {
            if newValue > 0 {
                let scale = newValue
                let doubled = scale * 2
                self.note("scale \(doubled)")
            }
        }
    }
    var name: String = "" {
        willSet {
            if newValue != name {
                if let upper = newValue.isEmpty ? nil : newValue.uppercased() {
                    print("name \(upper)")
                }
            }
        }
    }
    var storedPosition = Position.top.rawValue

    init(stored: String) {
        storedPosition = stored
        // Set before the subscriptions: no sink sees it.
        _position = Position(rawValue: stored) ?? .top

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
