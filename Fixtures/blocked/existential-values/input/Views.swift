import SwiftUI

struct CartView: View {
    @ObservedObject var cart: Cart
    @StateObject private var wishlist = Wishlist()
    var body: some View { Text("\(cart.count) \(wishlist.items.count)") }
}
