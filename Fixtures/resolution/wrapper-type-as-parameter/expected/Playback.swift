import SwiftUI

final class ClipTime: ObservableObject {
    @Published var start = 0
}

/// An unrelated model: the parameter below names ClipTime only.
@Observable final class Player {
    var playing = false
}

final class ClipPlayback {
    /// The wrapper type written as a parameter's type: ClipTime must stay an ObservableObject.
    func play(clipTime: ObservedObject<ClipTime>) {
        print(clipTime.wrappedValue.start)
    }
}

struct PlayerView: View {
    @State private var player = Player()

    var body: some View {
        Text(player.playing ? "playing" : "paused")
    }
}
