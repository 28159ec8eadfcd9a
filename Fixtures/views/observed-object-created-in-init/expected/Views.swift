import SwiftUI

@Observable final class Player {
    var position = 0.0
    let track: String
    init(track: String) { self.track = track }
}

/// Creates the object it observes in its initializer: as @State it keeps it across re-renders.
struct PlayerView: View {
    @State private var player: Player

    init(track: String) {
        _player = State(wrappedValue: Player(track: track))
    }

    var body: some View {
        Slider(value: $player.position)
    }
}

/// Handed in from outside: a plain property.
struct PlayerRow: View {
    var player: Player

    init(player: Player) {
        self.player = player
    }

    var body: some View { Text(player.track) }
}

/// One initializer creates it, another hands it in: the handed-in object must win each time,
/// so it stays a plain property.
struct PlayerCard: View {
    var player: Player

    init(track: String) {
        self.player = Player(track: track)
    }

    init(player: Player) {
        self.player = player
    }

    var body: some View { Text(player.track) }
}
