// The element a custom subscript returns is not read: `.environmentObject(stores[0])` may inject
// any model, so every model an environment object may be stays (it used to migrate Store and
// leave this .environmentObject, which does not compile).
import SwiftUI

final class Store: ObservableObject {
    @Published var name = ""
}

struct StoreList {
    var items: [Store] = [Store()]
    subscript(_ i: Int) -> Store { items[i] }
}

struct Root: View {
    let stores = StoreList()
    var body: some View {
        Child().environmentObject(stores[0])
    }
}

struct Child: View {
    @EnvironmentObject var store: Store
    var body: some View { Text(store.name) }
}
