import SwiftUI

struct CartView: View {
    @StateObject private var cart = Cart()
    @EnvironmentObject var session: Session

    var body: some View {
        Text("\(session.user): \(cart.items.count)")
    }
}

// A local view generic over its model: any model may be what it holds, and the fix leaves it
// as it is, so no model migrates.
func inspectorDemo() -> some View {
    struct Inspector<Model: ObservableObject>: View {
        @ObservedObject var model: Model
        var body: some View { Text(String(describing: model)) }
    }
    return Inspector(model: Cart())
}
