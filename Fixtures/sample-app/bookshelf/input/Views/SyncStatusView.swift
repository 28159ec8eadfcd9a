import SwiftUI

/// A small banner at the bottom of the window while a sync runs or after it fails.
struct SyncStatusView: View {
    @ObservedObject var sync: SyncService

    var body: some View {
        switch sync.state {
        case .idle:
            EmptyView()
        case .syncing:
            ProgressView("Syncing…", value: sync.progress)
                .padding()
        case .failed(let message):
            Label(message, systemImage: "exclamationmark.icloud")
                .foregroundStyle(.red)
                .padding()
        }
    }
}
