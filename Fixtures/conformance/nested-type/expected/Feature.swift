import SwiftUI

enum Checkout {
    @Observable final class ViewModel {
        var total = 0.0
    }

    struct Screen: View {
        @State private var model = ViewModel()

        var body: some View {
            Text("Total: \(model.total)")
        }
    }
}

struct CartBadge: View {
    var checkout: Checkout.ViewModel

    var body: some View {
        Text("\(checkout.total)")
    }
}
