import SwiftUI

final class Player: ObservableObject {
    @Published var playing = false
}

final class Library: ObservableObject {
    @Published var count = 0
}

enum Screen {
    case player(Player)
    case library(Library)
}

struct PlayerView: View {
    @EnvironmentObject var player: Player
    var body: some View { Text(player.playing ? "on" : "off") }
}

struct LibraryView: View {
    @EnvironmentObject var library: Library
    var body: some View { Text("\(library.count)") }
}

/// The same name bound in two cases, and in two `if let`s: each use is of its own binding.
struct Root: View {
    var screen: Screen
    var players: [String: Player]
    var libraries: [String: Library]

    var body: some View {
        switch screen {
        case .player(let model):
            PlayerView().environmentObject(model)
        case .library(let model):
            LibraryView().environmentObject(model)
        }
        if let model = players["a"] {
            PlayerView().environmentObject(model)
        }
        if let model = libraries["b"] {
            LibraryView().environmentObject(model)
        }
    }
}

func makePlayer(_ configure: (Player) -> Void) -> Player {
    let player = Player()
    configure(player)
    return player
}

/// A plain `let` after an `if let` block is a statement of its own, in scope to the end of
/// the block (its trailing closure is no `if` body).
struct Deck: View {
    var players: [String: Player]

    var body: some View {
        if let existing = players["a"] {
            Text(existing.playing ? "a" : "b")
        }
        let player = makePlayer { $0.playing = true }
        PlayerView().environmentObject(player)
    }
}

/// `for (index, player) in players.enumerated()`: in the body, `player` is an element of players.
struct Roster: View {
    var players: [Player]

    var body: some View {
        Text("\(players.count)")
            .onAppear {
                for (index, player) in players.enumerated() {
                    _ = AnyView(PlayerView().environmentObject(player))
                    print(index)
                }
            }
    }
}
