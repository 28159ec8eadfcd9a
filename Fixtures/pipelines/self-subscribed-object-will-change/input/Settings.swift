import Combine
import Foundation

enum Mode: String {
    case light, dark
    case custom
}

enum Tint {
    case named(String)
    case none
}

/// It subscribes to its own objectWillChange, to save on every change, and sends nothing itself:
/// under @Observable it keeps that publisher, sent where Published sent it.
final class Settings: ObservableObject {
    @Published var name = ""
    @Published var title = ""
    @Published var subtitle = ""
    @Published var mode = Mode.light {
        willSet {
            log.append("mode will \(newValue.rawValue)")
        }
    }
    var log: [String] = []
    private var saved: AnyCancellable?

    init() {
        saved = objectWillChange.sink { [unowned self] in
            self.log.append("save before \(self.name)/\(self.title)/\(self.mode.rawValue)")
        }
    }
}

final class SettingsObserver {
    private var bag = Set<AnyCancellable>()

    init(settings: Settings, picksSubtitle: Bool = true) {
        // One model's publishers merged, or chosen between: they share one type before and after.
        Publishers.MergeMany(settings.$name, settings.$title)
            .sink { [weak settings] in settings?.log.append("text \($0)") }
            .store(in: &bag)
        // (Each publisher has one subscriber here: OpenCombine's subjects call several in a Set's order.)
        (picksSubtitle ? settings.$subtitle : settings.$title)
            .sink { [weak settings] in settings?.log.append("picked \($0)") }
            .store(in: &bag)
        settings.$mode.sink { [weak settings] in settings?.log.append("mode \($0.rawValue)") }.store(in: &bag)
    }
}

/// A `Published<T>.Publisher` written for another type (`Int?`), for a parameter that is kept,
/// keeps no other `$x` from its bridge.
func watchCount(_ publisher: Published<Int?>.Publisher) -> AnyCancellable {
    let kept = publisher
    return kept.sink { print($0 ?? -1) }
}
