// A @Published property bumped only to re-render the views that ask isDownloaded.
import Combine
import Foundation

/// What is on disk: a class, whose changes no setter of the store's sees.
final class Disk {
    private(set) var names: Set<String> = ["a", "b"]
    func remove(_ name: String) { names.remove(name) }
}

/// `revision` is only ever bumped, never read: each bump re-rendered, through objectWillChange,
/// the views that ask `isDownloaded`. Once the store is @Observable, the members that hand out
/// a value read it first, so those views are still told.
final class ModelStore: ObservableObject {
    @Published private var revision = 0
    @Published var selected = ""
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
