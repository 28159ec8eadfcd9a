import SwiftUI

// `AnalyticsStore` comes from another module: obs-migrate cannot see or change it.
struct Dashboard: View {
    @StateObject private var store = AnalyticsStore()
    @EnvironmentObject var theme: Theme

    var body: some View {
        Text("\(store.events)")
            .environmentObject(store)
    }
}

final class Theme: ObservableObject {
    @Published var accent = "blue"
}
