import Combine
import SwiftUI

/// Counts the writes of its value; its projection is itself, not a publisher.
@propertyWrapper struct Counted<Value> {
    var wrappedValue: Value { didSet { writes += 1 } }
    var projectedValue: Counted<Value> { self }
    private(set) var writes = 0

    init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
}

@Observable final class Folder {
    var name = ""
}

/// A value type: `settings.$name` is `Counted`'s projection, whatever models call `name`.
struct FolderSettings {
    @Counted var name: String
}

func renames(of settings: FolderSettings) -> Int {
    let copy = settings
    return copy.$name.writes
}

struct FolderView: View {
    @State private var folder = Folder()

    var body: some View {
        Text(folder.name)
    }
}
