import SwiftUI

@MainActor
struct StatusView: View {
    @StateObject private var config = ConfigManager()
    @ObservedObject var receipts: ReceiptStore

    var body: some View {
        Text("\(config.flags.count) \(receipts.level) \(receipts.pending.count) \(receipts.total)")
    }
}
