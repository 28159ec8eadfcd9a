import SwiftUI

@Observable final class Clock {
    var now = 0
    var laps: [Int] = []

    func tick() {
        now += 1
        laps.append(now)
    }
}

final class Prefs: ObservableObject {
    @AppStorage("name") var name = ""
    func rename(_ n: String) {
        objectWillChange.send()
        name = n
    }
}

/// A subscriber, and a send before a computed property: the class keeps its objectWillChange for
/// the subscriber, the send stays for it, and a counter's bump follows it for the views.
@Observable final class Feed {
    let objectWillChange = ObservableObjectPublisher()
    private var untrackedChanges = 0
    var items: [String] = [] {
        willSet {
            objectWillChange.send()
        }
    }
    var count: Int {
        _ = untrackedChanges
        return items.count
    }

    func reload() {
        objectWillChange.send()
        untrackedChanges &+= 1
        print(count)
    }
}

struct ClockView: View {
    @State private var clock = Clock()
    @State private var feed = Feed()

    var body: some View {
        Text("\(clock.now) \(feed.count)")
            .onReceive(feed.objectWillChange) { _ in }
    }
}

/// Sends after the mutation, with local declarations in between, and alone in an `if`.
@Observable final class StatusController {
    var isFavorited = false
    var favoritesCount = 0

    func update(count: Int, publishUpdate: Bool) {
        favoritesCount = count
    }

    func toggleFavorite() async {
        isFavorited.toggle()
        let delta = isFavorited ? 1 : -1
        favoritesCount += delta
        do {
            try await Task.sleep(nanoseconds: 1)
        } catch {
            isFavorited.toggle()
        }
    }
}
