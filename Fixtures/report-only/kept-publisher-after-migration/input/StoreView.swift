import SwiftUI

struct StoreView: View {
    var store: Store
    @State private var changes = 0

    var body: some View {
        Text("\(store.items.count) \(changes)")
            .onReceive(store.objectWillChange) { changes += 1 }
    }
}
