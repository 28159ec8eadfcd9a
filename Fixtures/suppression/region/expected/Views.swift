import SwiftUI

struct SettingsView: View {
    @StateObject private var settings = Settings()
    @State private var counter = Counter()
    var body: some View { Text("\(settings.theme) \(counter.count)") }
}

// obs-migrate:disable
struct LegacyList: View {
    @ObservedObject var store: Store
    var body: some View { Text("\(store.items.count)") }
}
// obs-migrate:enable

struct CartView: View {
    var cart: Cart
    var body: some View { Text("\(cart.total)") }
}
