import Foundation
import SwiftUI

struct Mode: Identifiable, Equatable {
    var id = UUID()
    var name = ""
}

/// Its send comes after a set of a `@Published` property on every path (both branches of the
/// `if`), so the views that read only `modes` were re-rendered by that set, not by the send;
/// the send also tells of a `UserDefaults` write, which `savedName` reads: it becomes a counter.
@Observable final class ModeStore {
    private var untrackedChanges = 0
    var modes: [Mode] = []
    var active: Mode?

    var savedName: String {
        _ = untrackedChanges
        return UserDefaults.standard.string(forKey: "activeMode") ?? "none"
    }

    func activate(_ mode: Mode?) {
        if let mode,
           let latest = modes.first(where: { $0.id == mode.id })
        {
            active = latest
        } else {
            active = mode
        }
        UserDefaults.standard.set(mode?.name, forKey: "activeMode")
        self.untrackedChanges &+= 1
    }
}

/// The set is in an `if` with no `else`: on the other path the send alone re-rendered the
/// views, and one of them reads only `items`. It stays.
final class Shelf: ObservableObject {
    @Published var items: [String] = []
    @Published var selected: String?

    var savedSelection: String { UserDefaults.standard.string(forKey: "shelf") ?? "" }

    func select(_ item: String) {
        if items.contains(item) {
            selected = item
        }
        UserDefaults.standard.set(item, forKey: "shelf")
        objectWillChange.send()
    }
}

/// An `await` comes between the set and the send: views may have re-rendered in between,
/// and the send re-rendered them again. It stays.
final class Downloader: ObservableObject {
    @Published var files: [String] = []
    @Published var status = ""

    var lastFile: String { UserDefaults.standard.string(forKey: "lastFile") ?? "" }

    func fetch(_ name: String) async {
        status = "fetching"
        await Task.yield()
        UserDefaults.standard.set(name, forKey: "lastFile")
        objectWillChange.send()
    }
}
