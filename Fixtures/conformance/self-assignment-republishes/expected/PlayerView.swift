import SwiftUI

struct PlayerView: View {
    var player: Player

    var body: some View {
        Text(player.current.title)
    }
}
