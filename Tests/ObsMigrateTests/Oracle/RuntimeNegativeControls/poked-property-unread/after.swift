// Made @Observable with nothing reading the bumped property: a view asking isDownloaded is no longer told of a delete.
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

    var downloadedCount: Int { disk.names.count }

    func isDownloaded(_ name: String) -> Bool {
        disk.names.contains(name)
    }

    func delete(_ name: String) {
        disk.remove(name)
        revision += 1
    }
}
