import SwiftUI
import Combine

final class TabManager: ObservableObject {
    @Published var tabs: [String] = []
}

final class PeekManager: ObservableObject {
    @Published var peeking = false
}

final class SearchManager: ObservableObject {
    @Published var query = ""
}

/// Forwards its children's changes as its own: once all four are @Observable, a view that
/// reads `browser.tabManager.tabs` tracks `tabs` itself, and the subscriptions go.
final class BrowserManager: ObservableObject {
    let tabManager = TabManager()
    var peekManager = PeekManager()
    let searchManager = SearchManager()
    private var cancellables = Set<AnyCancellable>()
    private var cancellable: AnyCancellable?

    init() {
        tabManager.objectWillChange
            .sink { [weak self] _ in
                self?.objectWillChange.send()
            }
            .store(in: &cancellables)
        self.cancellable = peekManager.objectWillChange
            .receive(on: DispatchQueue.main)
            .sink { [weak self] _ in self?.objectWillChange.send() }
        searchManager.objectWillChange.sink { [unowned self] in
            self.objectWillChange.send()
        }.store(in: &cancellables)
    }
}

final class DownloadQueue: ObservableObject {
    @Published var items: [String] = []
}

/// Forwards a child that stays (a view subscribes to its $items): it stays too, and so would
/// the child if it were the parent that stayed.
final class DownloadManager: ObservableObject {
    let queue = DownloadQueue()
    private var cancellables = Set<AnyCancellable>()

    init() {
        queue.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() }.store(in: &cancellables)
    }
}

final class Playlist: ObservableObject {
    @Published var songs: [String] = []
}

/// Forwards its child on the main queue and is subscribed to from outside: without the
/// forwarding, its subscribers would no longer hear of the child's changes, so both stay.
final class Player: ObservableObject {
    @Published var playing = false
    let playlist = Playlist()
    private var cancellables = Set<AnyCancellable>()

    init() {
        playlist.objectWillChange
            .receive(on: DispatchQueue.main)
            .sink { [weak self] _ in
                self?.objectWillChange.send()
            }
            .store(in: &cancellables)
    }
}

final class PlayerLog {
    private var subscription: AnyCancellable?

    init(player: Player) {
        subscription = player.objectWillChange.sink { print("changed") }
    }
}
