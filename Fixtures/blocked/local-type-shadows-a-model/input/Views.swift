import SwiftUI

struct CartView: View {
    @StateObject private var cart = Cart()
    @EnvironmentObject var wallet: Wallet

    var body: some View {
        Text("\(cart.items.count) \(wallet.balance)")
    }
}

// The local view's `Cart` is the class declared beside it, not the project's: which model the
// wrapper holds cannot be told by the name, so every model stays.
func cartDemo() -> some View {
    final class Cart: ObservableObject {
        @Published var total = 0
    }
    struct Demo: View {
        @ObservedObject var cart: Cart
        var body: some View { Text("\(cart.total)") }
    }
    return Demo(cart: Cart())
}
