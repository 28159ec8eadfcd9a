import SwiftUI

struct PlayerView: View {
    @ObservedObject var player: Player

    var body: some View {
        Text(player.current.title)
    }
}
