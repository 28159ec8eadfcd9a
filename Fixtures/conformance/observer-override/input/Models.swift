import SwiftUI

class Document: ObservableObject {
    @Published var text = "" {
        didSet { length = text.count }
    }
    @Published private(set) var length = 0
    var revision = 0
    var kind: String { "document" }
}

/// Overrides only to add observers: the superclass's properties keep the tracking.
final class Note: Document {
    @Published var isPinned = false

    override var text: String {
        didSet { isPinned = isPinned && !text.isEmpty }
    }

    // Counts edits.
    override var revision: Int {
        willSet { print("revision", newValue) }
    }

    override var kind: String { "note" }
}
