import Foundation
import SwiftUI
import Combine

final class Feed {
    var items: [String] = []
}

/// A stored property of a class type is read outside the class (`ChannelView` reads
/// `channel.feed.items`): a view reads through it what the send announced, and no computed
/// member reads a counter, so the send becomes an announced mutation of `feed` alone.
@Observable final class Channel {
    var name = ""
    var feed = Feed()

    func receive(_ item: String) {
        deliver(item)
        withMutation(keyPath: \.feed) {}
    }

    private func deliver(_ item: String) {
        feed.items.append(item)
    }
}

/// A type property may be what the send announces, and views read it past the counter.
final class Scoreboard: ObservableObject {
    @Published var round = 0
    static var best = 0

    func record(_ score: Int) {
        Scoreboard.best = max(Scoreboard.best, score)
        objectWillChange.send()
    }
}

/// On the main actor, a send in a `sink` closure runs where main-actor state may not be set.
@MainActor
final class Ticker: ObservableObject {
    @Published var label = ""
    private var cancellables = Set<AnyCancellable>()

    func start(_ ticks: AnyPublisher<Int, Never>) {
        ticks.sink { [weak self] _ in
            self?.objectWillChange.send()
        }
        .store(in: &cancellables)
    }
}

/// On the main actor, a send in a closure inside a setter may run elsewhere: it stays.
@MainActor
final class Dimmer: ObservableObject {
    @Published var level = 0

    var isDimmed: Bool {
        get { UserDefaults.standard.bool(forKey: "dimmed") }
        set {
            UserDefaults.standard.set(newValue, forKey: "dimmed")
            DispatchQueue.global().async {
                self.objectWillChange.send()
            }
        }
    }
}

/// On the main actor, a sink that receives on another queue runs where main-actor state may
/// not be set: it stays.
@MainActor
final class Radar: ObservableObject {
    @Published var range = 10
    private var subscriptions = Set<AnyCancellable>()

    var contacts: Int { UserDefaults.standard.integer(forKey: "contacts") }

    func track(_ pings: AnyPublisher<Int, Never>) {
        pings
            .receive(on: DispatchQueue.global())
            .sink { [weak self] _ in
                self?.objectWillChange.send()
            }
            .store(in: &subscriptions)
    }
}

/// On the main actor, a `nonisolated` method and `deinit` run off it: a counter set there
/// would not compile. Both stay.
@MainActor
final class Latch: ObservableObject {
    @Published var open = false
    var code: Int { UserDefaults.standard.integer(forKey: "code") }

    nonisolated func reset() {
        UserDefaults.standard.set(0, forKey: "code")
        objectWillChange.send()
    }
}

@MainActor
final class Fuse: ObservableObject {
    @Published var lit = false
    var length: Int { UserDefaults.standard.integer(forKey: "length") }

    deinit {
        UserDefaults.standard.set(0, forKey: "length")
        objectWillChange.send()
    }
}

/// Isolated to the main actor through the protocol it adopts (as through `UIApplicationDelegate`,
/// which is `@MainActor` in the SDK): a send on a global queue stays.
@MainActor
protocol Screen: AnyObject {}

final class Gauge: ObservableObject, Screen {
    @Published var unit = "bar"
    var pressure: Double { UserDefaults.standard.double(forKey: "pressure") }

    func sample() {
        DispatchQueue.global().async {
            UserDefaults.standard.set(1.0, forKey: "pressure")
            self.objectWillChange.send()
        }
    }
}

/// A view declared inside the class can call its private members: those must read the
/// counter too, and one whose body is one `switch` keeps the class.
final class Inbox: ObservableObject {
    @Published var folder = "inbox"

    var unread: Int { UserDefaults.standard.integer(forKey: "unread") }

    func markAllRead() {
        UserDefaults.standard.set(0, forKey: "unread")
        objectWillChange.send()
    }

    private func badge() -> String {
        switch unread {
        case 0: ""
        default: "\(unread)"
        }
    }

    struct Badge: View {
        let inbox: Inbox
        var body: some View { Text(inbox.badge()) }
    }
}

/// A getter that is one `switch`: statement or expression, the fix cannot tell.
final class Weather: ObservableObject {
    @Published var city = ""
    var kind = 0

    var symbol: String {
        switch kind {
        case 0: "sun"
        default: "cloud"
        }
    }

    func reload() {
        objectWillChange.send()
    }
}

/// An array of class instances: a view reads `monitor.services` and then each service's
/// `status`, which changes unseen, and the counter would not tell it. It stays.
final class StatusMonitor: ObservableObject {
    final class Service {
        var status = "unknown"
    }

    @Published var running = false
    let services = [Service(), Service()]

    var summary: String { running ? "checking" : "idle" }

    func check() {
        for service in services { service.status = "ok" }
        objectWillChange.send()
    }
}
