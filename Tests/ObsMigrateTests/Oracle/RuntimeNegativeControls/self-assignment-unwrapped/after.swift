// Made @Observable with the self-assignments left as they were: the macro's setter tells no one of the same instance or an equal value.
import Combine
import Foundation
import Observation

/// A class: its fields change without the player's setter seeing it.
final class Track {
    var title: String
    init(title: String) { self.title = title }
}

enum Encoding: Equatable {
    case utf8, latin1
}

/// `current = current` re-publishes after a change inside the track; `self.encoding =
/// self.encoding` resets what the status bar shows. Once @Observable, the macro's setter tells
/// no one of the same instance or an equal value: each is wrapped in withMutation.
@Observable final class Player {
    var current = Track(title: "Intro")
    private(set) var encoding: Encoding = .utf8 {
        didSet { resets += 1 }
    }
    private(set) var resets = 0

    func rename(_ title: String) {
        current.title = title
        current = current
    }

    func resetEncoding() {
        DispatchQueue.main.async { [weak self] in
            guard let self else { return }
            self.encoding = self.encoding
        }
    }

    func resetNow() {
        self.encoding = self.encoding
    }

    /// Negative controls: a parameter of the same name, and a `catch`'s own `error`, so these
    /// set the properties from them.
    func choose(current: Track) {
        self.current = current
    }

    var error: Error?

    func load() {
        do {
            throw CancellationError()
        } catch {
            self.error = error
        }
    }
}
