import SwiftUI

/// The send after the sets of a fetch: plain stored properties, tracked once the class is
/// @Observable, set before it and in an `if` between (as in a favicon cache).
@Observable final class IconCache {
    private var images: [String: String] = [:]
    private var colors: [String: Int] = [:]
    private var sources: [String: String] = [:]

    func image(for domain: String) -> String? { images[domain] }

    func completeFetch(for domain: String, image: String?, source: String?) {
        if let image {
            images[domain] = image
            colors[domain] = image.count
            if let source {
                sources[domain] = source
            }
        }
    }
}

/// The send after an `if`/`else` whose branches set a tracked property or nothing.
@Observable final class ActivityTracker {
    private var times: [String: [Int]] = [:]
    private var latest: [String: Int] = [:]

    func record(_ key: String, at time: Int) {
        var list = times[key] ?? []
        list.append(time)
        times[key] = list

        if let existing = latest[key], existing > time {
            // Keep the newer one.
        } else if time < 0 {
            latest[key] = 0
        } else {
            latest[key] = time
        }
    }

    func last(_ key: String) -> Int? { latest[key] }
}

/// Negative controls: what comes before the `if` is no set of a tracked property (an object's
/// method), a condition calls something, a branch does more than set properties.
final class Registry {
    var entries: [String] = []
    func add(_ entry: String) { entries.append(entry) }
}

final class RegistryModel: ObservableObject {
    let registry = Registry()
    private var count = 0

    func add(_ entry: String, counted: Bool) {
        registry.add(entry)
        if counted {
            count += 1
        }
        objectWillChange.send()
    }
}

final class RefreshModel: ObservableObject {
    private var stamp = 0
    private var loaded = false

    func refresh() -> Bool { stamp > 0 }

    func update() {
        stamp += 1
        if refresh() {
            loaded = true
        }
        objectWillChange.send()
    }
}

final class LoggingModel: ObservableObject {
    private var value = 0

    func set(_ v: Int) {
        value = v
        if v > 10 {
            print("large")
        }
        objectWillChange.send()
    }
}

struct Screen: View {
    @State private var icons = IconCache()
    @State private var tracker = ActivityTracker()
    @StateObject private var registry = RegistryModel()
    @StateObject private var refreshing = RefreshModel()
    @StateObject private var logging = LoggingModel()

    var body: some View {
        Text("\(icons.image(for: "a") ?? "") \(tracker.last("a") ?? 0)")
    }
}
