import SwiftUI

@MainActor
struct StatusView: View {
    @State private var config = ConfigManager()
    var receipts: ReceiptStore

    var body: some View {
        Text("\(config.flags.count) \(receipts.level) \(receipts.pending.count) \(receipts.total)")
    }
}
