import SwiftUI

// The iOS build's player publishes its state; the other platforms' is a plain class.
#if os(iOS)
final class Player: ObservableObject {
    @Published var isPlaying = false
}

struct PlayerControls: View {
    @StateObject private var player = Player()

    var body: some View {
        Toggle("Play", isOn: .constant(player.isPlaying))
    }
}
#else
final class Player {
    var isPlaying = false
}
#endif
