import Observation
import SwiftUI

// Legacy notes: this used to be `class Store: ObservableObject` with @Published fields,
/* and views used @StateObject / @ObservedObject / @EnvironmentObject, and .environmentObject(store). */
@Observable final class Store {
    var items: [String] = ["@Published", "ObservableObject"]
    @ObservationIgnored lazy var cache = [String: Int]()
    let banner = #"""
        Migrated from "ObservableObject" with \(no) interpolation
        """#
}

struct StoreView: View {
    @State private var store = Store()
    var body: some View {
        @Bindable var store = store
        List(store.items, id: \.self) { Text("\($0) @StateObject") }
            .environment(store)
    }
}
