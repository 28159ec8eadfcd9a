import SwiftUI

@Observable class Document {
    var text = "" {
        didSet { length = text.count }
    }
    private(set) var length = 0
    var revision = 0
    var kind: String { "document" }
}

/// Overrides only to add observers: the superclass's properties keep the tracking.
@Observable final class Note: Document {
    var isPinned = false

    @ObservationIgnored override var text: String {
        didSet { isPinned = isPinned && !text.isEmpty }
    }

    // Counts edits.
    @ObservationIgnored override var revision: Int {
        willSet { print("revision", newValue) }
    }

    override var kind: String { "note" }
}
