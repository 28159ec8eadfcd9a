import Combine
import Foundation

/// Publishers no bridge replaces: each model keeps ObservableObject, and each `$x` stays.

/// The type of `level` cannot be told (a static property's, not a constructor's or an enum
/// case's), and the publisher that would replace `$level` must name it.
final class Meter: ObservableObject {
    enum Level {
        case low, high
        static let quiet = Level.low
    }

    @Published var level = Level.quiet
    private var cancellables = Set<AnyCancellable>()

    init() {
        $level
            .receive(on: RunLoop.main)
            .sink { print($0) }
            .store(in: &cancellables)
    }
}

/// Assigned into, with a didSet: Published's assignment set the value without running it.
final class Download: ObservableObject {
    @Published var progress: Double = 0 {
        didSet { print(progress) }
    }

    init(source: AnyPublisher<Double, Never>) {
        source.assign(to: &$progress)
    }
}

/// Assigned into from outside the class.
final class Upload: ObservableObject {
    @Published var progress: Double = 0
}

func follow(_ source: AnyPublisher<Double, Never>, into upload: Upload) {
    source.assign(to: &upload.$progress)
}

/// `Published<Int>.Publisher` is written where `$count` is passed, for a parameter that is kept
/// (a parameter only subscribed to becomes `some Publisher<Int, Never>`: published-parameter).
final class Tally: ObservableObject {
    @Published var count: Int = 0
}

func show(_ publisher: Published<Int>.Publisher) -> AnyCancellable {
    let kept = publisher
    return kept.sink { print($0) }
}

final class TallyWatcher {
    let cancellable: AnyCancellable

    init(tally: Tally) {
        cancellable = show(tally.$count)
    }
}

/// Both names its bridge could take are in use: `pingPublisher`, a global read bare in its body
/// (the bridge's member would shadow it there), and `pingValuePublisher`, a member of its own.
let pingPublisher = PassthroughSubject<Int, Never>()

final class Pinger: ObservableObject {
    @Published var ping = 0
    private var cancellables = Set<AnyCancellable>()

    var pingValuePublisher: AnyPublisher<Int, Never> { $ping.eraseToAnyPublisher() }

    init() {
        pingPublisher.sink { [weak self] in self?.ping = $0 }.store(in: &cancellables)
    }
}

func watch(_ pinger: Pinger) -> AnyCancellable {
    pinger.$ping.sink { print($0) }
}

/// Subscribes to `$mode` in its initializer and then sets `_mode`: Published's subscriber was
/// left on the publisher that assignment replaced, a subject's would see the later values.
final class ModeSwitch: ObservableObject {
    @Published var mode: String
    private var cancellables = Set<AnyCancellable>()

    init() {
        _mode = .init(initialValue: "light")
        $mode.sink { print($0) }.store(in: &cancellables)
        _mode = .init(initialValue: "dark")
    }
}

func follow(_ modeSwitch: ModeSwitch) -> AnyCancellable {
    modeSwitch.$mode.sink { print($0) }
}

/// Sets `_level` after calling a method of its own, which subscribes to `$level` first: that
/// subscriber was left on the publisher the assignment replaced, and would not be with a subject.
final class Gauge: ObservableObject {
    @Published var level: Int = 0
    private var cancellables = Set<AnyCancellable>()

    init(start: Int) {
        watch()
        _level = .init(initialValue: start)
    }

    private func watch() {
        $level.sink { print($0) }.store(in: &cancellables)
    }
}
