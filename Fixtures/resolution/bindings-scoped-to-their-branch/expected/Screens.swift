import SwiftUI

@Observable final class Player {
    var playing = false
}

@Observable final class Library {
    var count = 0
}

enum Screen {
    case player(Player)
    case library(Library)
}

struct PlayerView: View {
    @Environment(Player.self) var player
    var body: some View { Text(player.playing ? "on" : "off") }
}

struct LibraryView: View {
    @Environment(Library.self) var library
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
            PlayerView().environment(model)
        case .library(let model):
            LibraryView().environment(model)
        }
        if let model = players["a"] {
            PlayerView().environment(model)
        }
        if let model = libraries["b"] {
            LibraryView().environment(model)
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
        PlayerView().environment(player)
    }
}

/// `for (index, player) in players.enumerated()`: in the body, `player` is an element of players.
struct Roster: View {
    var players: [Player]

    var body: some View {
        Text("\(players.count)")
            .onAppear {
                for (index, player) in players.enumerated() {
                    _ = AnyView(PlayerView().environment(player))
                    print(index)
                }
            }
    }
}
