import SwiftUI

// A model whose ObservableObject conformance sits among others, over several lines.
@MainActor
@Observable public final class Player:
    NSObject,
    // drives the now-playing screen
    Identifiable
{
    public let id = UUID()
    public var title = "Nothing playing"
    public private(set) var isPlaying = false {
        didSet { print("playing: \(isPlaying)") }
    }
    /// Volume in 0...1.
    var volume: Double = 0.5 // default

    public func toggle() { isPlaying.toggle() }
}

@Observable class Track: Identifiable {
    let id = 1
    var name = ""
}

@Observable class Queue<Item> where Item: Identifiable {
    var items: [Item] = []
}
