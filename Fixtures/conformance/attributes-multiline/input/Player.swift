import SwiftUI

// A model whose ObservableObject conformance sits among others, over several lines.
@MainActor
public final class Player:
    NSObject,
    ObservableObject, // drives the now-playing screen
    Identifiable
{
    public let id = UUID()
    @Published
    public var title = "Nothing playing"
    @Published public private(set) var isPlaying = false {
        didSet { print("playing: \(isPlaying)") }
    }
    /// Volume in 0...1.
    @Published var volume: Double = 0.5 // default

    public func toggle() { isPlaying.toggle() }
}

class Track: ObservableObject, Identifiable {
    let id = 1
    @Published var name = ""
}

class Queue<Item>: ObservableObject where Item: Identifiable {
    @Published var items: [Item] = []
}
