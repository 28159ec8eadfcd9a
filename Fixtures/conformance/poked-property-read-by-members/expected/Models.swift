import Combine
import Foundation
import Observation

/// What is on disk: a class, whose changes no setter of the store's sees.
final class Disk {
    private(set) var names: Set<String> = ["a", "b"]
    func remove(_ name: String) { names.remove(name) }
}

/// `revision` is only ever bumped, never read: each bump re-rendered, through objectWillChange,
/// the views that ask `isDownloaded`. Once the store is @Observable, the members that hand out
/// a value read it first, so those views are still told.
@Observable final class ModelStore {
    private var revision = 0
    var selected = ""
    private let disk = Disk()

    var downloadedCount: Int {
        _ = revision
        return disk.names.count
    }

    func isDownloaded(_ name: String) -> Bool {
        _ = revision
        return disk.names.contains(name)
    }

    func delete(_ name: String) {
        disk.remove(name)
        revision += 1
    }
}

/// A flag toggled after a write to UserDefaults, through `self.`.
@Observable final class Preferences {
    private var tick = false

    var greeting: String {
        _ = tick
        return UserDefaults.standard.string(forKey: "greeting") ?? "Hello"
    }

    func setGreeting(_ text: String) {
        UserDefaults.standard.set(text, forKey: "greeting")
        self.tick.toggle()
    }
}

/// Negative control: `refreshes` is read (`.id(feed.refreshes)`), so its bumps tell the views
/// that read it by themselves: nothing reads it in its place.
@Observable final class Feed {
    var refreshes = 0
    var title: String { "Feed" }
    func reload() { refreshes += 1 }
}

/// Negative control: a view holds the board and reads none of its members, so a bump re-rendered
/// it whatever it read; nothing read in its place would: Board stays ObservableObject.
final class Board: ObservableObject {
    @Published private var generation = 0
    var summary: String { "board" }
    func shuffle() { generation &+= 1 }
}

/// Negative control: bumped inside a member that hands out a value, which a view reading it
/// would re-render again and again: Ledger stays ObservableObject.
final class Ledger: ObservableObject {
    @Published private var version = 0
    func total() -> Int {
        version += 1
        return 3
    }
}
