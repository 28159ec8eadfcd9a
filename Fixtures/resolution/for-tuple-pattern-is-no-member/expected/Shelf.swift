import SwiftUI

final class Player: ObservableObject {
    @Published var playing = false
}

@Observable final class Library {
    var count = 0
}

struct PlayerView: View {
    @EnvironmentObject var player: Player
    var body: some View { Text(player.playing ? "on" : "off") }
}

/// In the loop, `library` is a name of the tuple pattern (a Player), not the member `library`
/// (a Library): the injection cannot be told from the member, so it holds the environment's
/// models, and `.environmentObject(library)` is not rewritten for a Library.
struct Shelf: View {
    var library: Library
    var pairs: [(Player, Int)]

    var body: some View {
        Text("\(library.count)")
            .onAppear {
                for (library, _) in pairs {
                    _ = AnyView(PlayerView().environmentObject(library))
                }
            }
    }
}
