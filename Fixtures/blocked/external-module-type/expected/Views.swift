import SwiftUI

// `AnalyticsStore` comes from another module: obs-migrate cannot see or change it.
struct Dashboard: View {
    @StateObject private var store = AnalyticsStore()
    @Environment(Theme.self) var theme

    var body: some View {
        Text("\(store.events)")
            .environmentObject(store)
    }
}

@Observable final class Theme {
    var accent = "blue"
}
