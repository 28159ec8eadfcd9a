import SwiftUI

/// A view that reads its wrapper's own storage (`_cart`, `_wishlist`): a migrated property has
/// none, so those models stay ObservableObjects.
struct CartView: View {
    @ObservedObject var cart: Cart
    @ObservedObject var wishlist: Wishlist
    @State private var profile: Profile

    init(cart: Cart, wishlist: Wishlist) {
        self.cart = cart
        self.wishlist = wishlist
        _profile = State(wrappedValue: Profile())
    }

    var body: some View {
        VStack {
            Text("\(_cart.wrappedValue.count)")
            Text(_wishlist.wrappedValue.items.joined())
            Text(profile.name)
        }
    }
}
