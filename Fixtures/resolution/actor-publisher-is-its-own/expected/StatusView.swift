import SwiftUI

struct StatusView: View {
    var manager: ConnectionManager

    var body: some View {
        Text(manager.isConnected ? "Connected" : "Offline")
    }
}
