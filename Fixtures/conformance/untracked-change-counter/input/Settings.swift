import Foundation
import Combine

/// Reads and writes UserDefaults, which Observation cannot see: each send becomes a bump of a
/// tracked counter, and every member that hands out a value reads it.
final class SettingsStore: ObservableObject {
    @Published var title = ""
    private let defaults = UserDefaults.standard
    private var overrides: [String: Bool] = [:]

    var isCompact: Bool { defaults.bool(forKey: "compact") }

    var accent: String {
        let stored = defaults.string(forKey: "accent")
        return stored ?? "blue"
    }

    var zoom: Double {
        get { defaults.double(forKey: "zoom") }
        set {
            defaults.set(newValue, forKey: "zoom")
            objectWillChange.send()
        }
    }

    subscript(flag: String) -> Bool {
        overrides[flag] ?? defaults.bool(forKey: flag)
    }

    func isEnabled(_ flag: String) -> Bool {
        guard let value = overrides[flag] else { return defaults.bool(forKey: flag) }
        return value
    }

    func label(for flag: String) -> String { flag.uppercased() + (self[flag] ? " on" : " off") }

    var overrideSummary: String { summary(of: overrides.count) }

    /// Read only through the members above, which read the counter: left as it is (its one
    /// `switch` is a form the fix does not rewrite).
    private func summary(of count: Int) -> String {
        switch count {
        case 0: "no overrides"
        default: "\(count) overrides"
        }
    }

    func setCompact(_ compact: Bool) {
        defaults.set(compact, forKey: "compact")
        objectWillChange.send()
    }

    func toggle(_ flag: String) {
        overrides[flag] = !isEnabled(flag)
        saveOverrides()
        self.objectWillChange.send()
    }

    private func saveOverrides() {
        defaults.set(overrides, forKey: "overrides")
    }

    func refreshLater() {
        DispatchQueue.main.async { [weak self] in
            self?.objectWillChange.send()
        }
    }

    /// Type members that hand out an instance: read through its members, which read its counter.
    static var preview: SettingsStore { make(title: "Preview") }

    static func make(title: String) -> Self {
        let store = Self()
        store.title = title
        return store
    }
}

/// On the main actor: sends in the method's body, in a setter, in `if` blocks, in `Task` and
/// `DispatchQueue.main.async` closures and in sinks that receive on the main queue run there.
@MainActor
final class Presence: ObservableObject {
    @Published var status = "away"
    private var lastSeen: [String: Date] = [:]
    private(set) var names = [String]()
    private(set) var mood: Mood = .idle
    private(set) var visits: [Visit]? = nil

    struct Visit {
        var tags: [Tag]?
        struct Tag { let id: UUID; var names: [String: [String]] }
    }

    enum Mood {
        case idle
        case busy(String, since: Date)
    }

    func seen(_ name: String) -> Date? { lastSeen[name] }

    var isVisible: Bool {
        get { UserDefaults.standard.bool(forKey: "visible") }
        set {
            objectWillChange.send()
            UserDefaults.standard.set(newValue, forKey: "visible")
        }
    }

    func markSeen(_ name: String) {
        lastSeen[name] = Date()
        names = lastSeen.keys.sorted()
        if lastSeen.count > 10 {
            objectWillChange.send()
        }
    }

    func refresh() {
        Task {
            objectWillChange.send()
        }
        DispatchQueue.main.async {
            self.objectWillChange.send()
        }
    }

    private var subscriptions = Set<AnyCancellable>()

    func follow(_ roster: AnyPublisher<[String], Never>, _ ticks: AnyPublisher<Date, Never>) {
        roster
            .receive(on: DispatchQueue.main)
            .sink { [weak self] _ in
                self?.objectWillChange.send()
            }
            .store(in: &subscriptions)
        ticks.receive(on: RunLoop.main).sink(receiveValue: { [weak self] _ in
            self?.objectWillChange.send()
        }).store(in: &subscriptions)
    }
}

/// Declares the objectWillChange ObservableObject would make, and sends it after saving a
/// document: the declaration goes, and the send bumps the counter.
final class TagPicker: ObservableObject {
    var objectWillChange = ObservableObjectPublisher()
    private var saved: [String] = []
    private let store = UserDefaults.standard

    var tags: [String] { store.stringArray(forKey: "tags") ?? [] }

    func add(_ tag: String) {
        store.set(tags + [tag], forKey: "tags")
        DispatchQueue.main.async { [weak self] in
            self?.objectWillChange.send()
        }
    }
}

/// Its own objectWillChange is another kind of publisher: it stays.
final class Pager: ObservableObject {
    let objectWillChange = PassthroughSubject<Void, Never>()
    var page: Int { UserDefaults.standard.integer(forKey: "page") }

    func next() {
        UserDefaults.standard.set(page + 1, forKey: "page")
        objectWillChange.send()
    }
}

/// Its view reads only a stored property, and re-rendered at each send (it also shows the
/// time): no counter would tell that view, so the class stays.
final class Heartbeat: ObservableObject {
    @Published var beats = 0
    var label: String { "\(beats) beats" }

    func ping() {
        objectWillChange.send()
    }
}
