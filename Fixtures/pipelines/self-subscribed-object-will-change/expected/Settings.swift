import Combine
import Foundation
import Observation

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
@Observable final class Settings {
    let objectWillChange = ObservableObjectPublisher()
    var name = "" {
        willSet {
            objectWillChange.send()
            nameSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var nameSubject = CurrentValueSubject<String, Never>(name)
    var namePublisher: AnyPublisher<String, Never> { nameSubject.eraseToAnyPublisher() }
    var title = "" {
        willSet {
            objectWillChange.send()
            titleSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var titleSubject = CurrentValueSubject<String, Never>(title)
    var titlePublisher: AnyPublisher<String, Never> { titleSubject.eraseToAnyPublisher() }
    var subtitle = "" {
        willSet {
            objectWillChange.send()
            subtitleSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var subtitleSubject = CurrentValueSubject<String, Never>(subtitle)
    var subtitlePublisher: AnyPublisher<String, Never> { subtitleSubject.eraseToAnyPublisher() }
    var mode = Mode.light {
        willSet {
            log.append("mode will \(newValue.rawValue)")
            objectWillChange.send()
            modeSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var modeSubject = CurrentValueSubject<Mode, Never>(mode)
    var modePublisher: AnyPublisher<Mode, Never> { modeSubject.eraseToAnyPublisher() }
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
        Publishers.MergeMany(settings.namePublisher, settings.titlePublisher)
            .sink { [weak settings] in settings?.log.append("text \($0)") }
            .store(in: &bag)
        // (Each publisher has one subscriber here: OpenCombine's subjects call several in a Set's order.)
        (picksSubtitle ? settings.subtitlePublisher : settings.titlePublisher)
            .sink { [weak settings] in settings?.log.append("picked \($0)") }
            .store(in: &bag)
        settings.modePublisher.sink { [weak settings] in settings?.log.append("mode \($0.rawValue)") }.store(in: &bag)
    }
}

/// A `Published<T>.Publisher` written for another type (`Int?`), for a parameter that is kept,
/// keeps no other `$x` from its bridge.
func watchCount(_ publisher: Published<Int?>.Publisher) -> AnyCancellable {
    let kept = publisher
    return kept.sink { print($0 ?? -1) }
}
