import SwiftUI

/// Player stays (`retained` requires an ObservableObject); Library migrates.
final class Player: ObservableObject {
    @Published var playing = false
}

final class Library: ObservableObject {
    @Published var count = 0
}

struct PlayerView: View {
    @EnvironmentObject var player: Player
    var body: some View { Text(player.playing ? "on" : "off") }
}

func retained<T: ObservableObject>(_ object: T) -> T { object }

struct Focus: View {
    @StateObject private var player = Player()
    var body: some View { Text(retained(player).playing ? "on" : "off") }
}

/// Each `library` below is a Player, bound by a loop's tuple pattern, a `let` tuple pattern, a
/// closure's typed parameter or a local function's parameter, not the member `library` (a
/// Library): none of the injections is rewritten for a Library.
struct Shelf: View {
    var library: Library
    var pairs: [(Player, Int)]

    var body: some View {
        let (library, _) = pairs[0]
        PlayerView().environmentObject(library)
            .onAppear {
                for (library, _) in pairs {
                    _ = AnyView(PlayerView().environmentObject(library))
                }
            }
    }

    let row = { (library: Player) -> AnyView in
        AnyView(PlayerView().environmentObject(library))
    }

    var count: Int { library.count }

    func rows() -> some View {
        func row(_ library: Player) -> some View {
            PlayerView().environmentObject(library)
        }
        return row(pairs[0].0)
    }
}

/// A loop over `players.filter({ ... })`: the filter's closure is no loop body, and in the body
/// `library` is the loop's (a Player), not the member.
struct Stack: View {
    var library: Library
    var players: [Player]

    var body: some View {
        Text("\(library.count)")
            .onAppear {
                for library in players.filter({ $0.playing }) {
                    _ = AnyView(PlayerView().environmentObject(library))
                }
            }
    }
}
