import SwiftUI

struct CartView: View {
    @ObservedObject var cart: Cart
    var body: some View { Text("\(cart.count)").onTapGesture { cart.reload() } }
}
