import SwiftUI

final class Player: ObservableObject {
    @Published var position = 0.0
    let track: String
    init(track: String) { self.track = track }
}

/// Creates the object it observes in its initializer: as @State it keeps it across re-renders.
struct PlayerView: View {
    @ObservedObject private var player: Player

    init(track: String) {
        _player = ObservedObject(wrappedValue: Player(track: track))
    }

    var body: some View {
        Slider(value: $player.position)
    }
}

/// Handed in from outside: a plain property.
struct PlayerRow: View {
    @ObservedObject var player: Player

    init(player: Player) {
        _player = ObservedObject(wrappedValue: player)
    }

    var body: some View { Text(player.track) }
}

/// One initializer creates it, another hands it in: the handed-in object must win each time,
/// so it stays a plain property.
struct PlayerCard: View {
    @ObservedObject var player: Player

    init(track: String) {
        _player = ObservedObject(wrappedValue: Player(track: track))
    }

    init(player: Player) {
        _player = ObservedObject(wrappedValue: player)
    }

    var body: some View { Text(player.track) }
}
