import SwiftUI

public struct CheckoutView: View {
    @State private var store = Store()

    public init() {}

    public var body: some View {
        Button("Pay \(store.total)") { store.total += 1 }
    }
}
