import SwiftUI

final class Cache {
    var entries: [String: Int] = [:]
    func insert(_ key: String) { entries[key] = 1 }
    func insertIfNew(_ key: String) -> Bool {
        guard entries[key] == nil else { return false }
        entries[key] = 1
        return true
    }
    func filter(_ keep: (String) -> Bool) { entries = entries.filter { keep($0.key) } }
    func contains(_ key: String) -> Bool { entries[key] != nil }
}

final class Node {
    var count = 0
}

/// Its sends announce changes inside reference-type containers, which no setter sees: each
/// becomes withMutation(keyPath:) around the change, so views that read the property update.
final class Store: ObservableObject {
    @Published var title = ""
    var cache = Cache()
    var nodes: [String: Node] = [:]
    var names: [String] = []

    func add(_ key: String) {
        objectWillChange.send()
        cache.insert(key)
    }

    func bump(_ key: String) throws {
        nodes[key]?.count += 1
        self.objectWillChange.send()
    }

    func later(_ key: String) {
        DispatchQueue.main.async {
            self.objectWillChange.send()
            self.cache.insert(key)
        }
    }

    func receive(_ key: String) {
        if cache.insertIfNew(key) {
            objectWillChange.send()
        }
    }

    func prune(keeping prefix: String) {
        self.cache.filter {
            $0.hasPrefix(prefix)
        }
        self.objectWillChange.send()
    }

    /// A value type's mutating method goes through its setter: the send is dead.
    func rename(_ name: String) {
        objectWillChange.send()
        names.append(name)
    }
}

/// Its send is tied to no stored property (a UserDefaults write) or to a change that
/// suspends: it stays, with the reason.
final class Prefs: ObservableObject {
    @Published var theme = ""
    var cache = Cache()

    func save(_ value: Bool) {
        UserDefaults.standard.set(value, forKey: "flag")
        objectWillChange.send()
    }

    func load() async {
        objectWillChange.send()
        cache.insert(await fetch())
    }

    func fetch() async -> String { "" }

    /// A query is no change: the send announces something else.
    func check(_ key: String) {
        if cache.contains(key) {
            objectWillChange.send()
        }
    }
}
