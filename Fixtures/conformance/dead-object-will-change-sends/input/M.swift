import SwiftUI

final class Clock: ObservableObject {
    @Published var now = 0
    var laps: [Int] = []

    func tick() {
        objectWillChange.send()
        now += 1
        self.objectWillChange.send(); laps.append(now)
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
final class Feed: ObservableObject {
    @Published var items: [String] = []
    var count: Int { items.count }

    func reload() {
        objectWillChange.send()
        print(count)
    }
}

struct ClockView: View {
    @StateObject private var clock = Clock()
    @StateObject private var feed = Feed()

    var body: some View {
        Text("\(clock.now) \(feed.count)")
            .onReceive(feed.objectWillChange) { _ in }
    }
}

/// Sends after the mutation, with local declarations in between, and alone in an `if`.
final class StatusController: ObservableObject {
    var isFavorited = false
    var favoritesCount = 0

    func update(count: Int, publishUpdate: Bool) {
        favoritesCount = count

        if publishUpdate {
            objectWillChange.send()
        }
    }

    func toggleFavorite() async {
        isFavorited.toggle()
        let delta = isFavorited ? 1 : -1
        favoritesCount += delta
        objectWillChange.send()
        do {
            try await Task.sleep(nanoseconds: 1)
        } catch {
            isFavorited.toggle()
            objectWillChange.send()
        }
    }
}
