import SwiftUI

struct StatusView: View {
    @ObservedObject var manager: ConnectionManager

    var body: some View {
        Text(manager.isConnected ? "Connected" : "Offline")
    }
}
