import SwiftUI

enum Checkout {
    final class ViewModel: ObservableObject {
        @Published var total = 0.0
    }

    struct Screen: View {
        @StateObject private var model = ViewModel()

        var body: some View {
            Text("Total: \(model.total)")
        }
    }
}

struct CartBadge: View {
    @ObservedObject var checkout: Checkout.ViewModel

    var body: some View {
        Text("\(checkout.total)")
    }
}
