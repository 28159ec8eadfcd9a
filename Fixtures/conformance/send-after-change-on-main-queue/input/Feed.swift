import Foundation
import SwiftUI

/// Holds events; `insert` says whether it added one. A plain class: no setter of the model sees it.
final class EventHolder {
    private(set) var all: [String] = []

    func insert(_ event: String) async -> Bool {
        guard !all.contains(event) else { return false }
        all.append(event)
        return true
    }
}

/// The send, made later on the main queue, announces the change the condition made inside
/// `events`: it becomes an empty withMutation of `events` there.
final class FeedModel: ObservableObject {
    var events = EventHolder()

    func receive(_ event: String) {
        Task {
            if await self.events.insert(event) {
                DispatchQueue.main.async {
                    self.objectWillChange.send()
                }
            }
        }
    }
}

/// `events` is a let: Observation does not track it, so nothing could stand in for the send.
final class ArchiveModel: ObservableObject {
    let events = EventHolder()

    func receive(_ event: String) {
        Task {
            if await events.insert(event) {
                DispatchQueue.main.async { self.objectWillChange.send() }
            }
        }
    }
}

/// The block does more than announce, so the change is not wrapped; the view reads `events`,
/// whose contents change where no setter sees: the send becomes an announced mutation of it.
final class InboxModel: ObservableObject {
    var events = EventHolder()
    var unread = 0

    func receive(_ event: String) {
        Task {
            if await events.insert(event) {
                DispatchQueue.main.async {
                    print("received")
                    self.objectWillChange.send()
                }
            }
        }
    }
}

/// An `else` announces too, so no one change is wrapped: each send is an announced mutation.
final class OutboxModel: ObservableObject {
    var events = EventHolder()

    func receive(_ event: String) {
        Task {
            if await events.insert(event) {
                DispatchQueue.main.async { self.objectWillChange.send() }
            } else {
                DispatchQueue.main.async { self.objectWillChange.send() }
            }
        }
    }
}

struct FeedView: View {
    @ObservedObject var feed: FeedModel
    @ObservedObject var archive: ArchiveModel
    @ObservedObject var inbox: InboxModel
    @ObservedObject var outbox: OutboxModel

    var body: some View {
        Text("\(feed.events.all.count) \(archive.events.all.count) \(inbox.events.all.count) \(outbox.events.all.count)")
    }
}
