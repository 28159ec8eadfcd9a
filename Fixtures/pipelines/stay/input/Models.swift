import Combine
import Foundation

/// Pipelines that stay: each model keeps ObservableObject, and its pipeline is left as it is.

/// Time: a willSet cannot wait.
final class Search: ObservableObject {
    @Published var query = ""
    private var cancellables = Set<AnyCancellable>()

    init() {
        $query
            .dropFirst()
            .debounce(for: .milliseconds(300), scheduler: RunLoop.main)
            .sink { [weak self] text in self?.run(text) }
            .store(in: &cancellables)
    }

    func run(_ text: String) {}
}

/// Scheduling: delivered later, on another turn of the run loop.
final class Feed: ObservableObject {
    @Published var items: [String] = []
    var count = 0
    private var cancellables = Set<AnyCancellable>()

    init() {
        $items
            .dropFirst()
            .receive(on: RunLoop.main)
            .sink { [weak self] items in self?.count = items.count }
            .store(in: &cancellables)
    }
}

/// No dropFirst(), and a type that cannot be told: the value delivered on subscribe needs a
/// method, whose parameter would have to name it.
final class Counter: ObservableObject {
    enum Level: String { case low, high }

    @Published var level = Level.low
    var shown = ""
    private var cancellables = Set<AnyCancellable>()

    init() {
        $level
            .sink { [weak self] level in self?.shown = level.rawValue }
            .store(in: &cancellables)
    }
}

/// Made in a method that may run any number of times, or never.
final class Player: ObservableObject {
    @Published var volume: Double = 0.5
    var saved = 0.5
    private var cancellables = Set<AnyCancellable>()

    func start() {
        $volume
            .dropFirst()
            .sink { [weak self] volume in self?.saved = volume }
            .store(in: &cancellables)
    }
}

/// A strong self: the model was never released, and the observer would change that.
final class Recorder: ObservableObject {
    @Published var level: Int = 0
    var peak = 0
    private var cancellables = Set<AnyCancellable>()

    init() {
        $level
            .dropFirst()
            .sink { level in self.peak = max(self.peak, level) }
            .store(in: &cancellables)
    }
}

/// A method of the model runs before the subscription: it may set the property, which no sink saw.
final class Profile: ObservableObject {
    @Published var name: String = ""
    var saved = ""
    private var cancellables = Set<AnyCancellable>()

    init() {
        load()
        $name
            .dropFirst()
            .sink { [weak self] name in self?.saved = name }
            .store(in: &cancellables)
    }

    func load() {
        name = "loaded"
    }
}

/// Subscribed from outside the class.
final class Volume: ObservableObject {
    @Published var level: Double = 0
}

final class VolumeLogger {
    private var cancellables = Set<AnyCancellable>()

    init(volume: Volume) {
        volume.$level
            .dropFirst()
            .sink { print("volume \($0)") }
            .store(in: &cancellables)
    }
}
