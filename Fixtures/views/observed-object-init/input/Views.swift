import SwiftUI

final class Item: ObservableObject {
    @Published var name: String
    init(name: String) { self.name = name }
}

/// Reads the item only: the wrapper goes.
struct ItemRow: View {
    @ObservedObject var item: Item

    init(item: Item) {
        _item = ObservedObject(wrappedValue: item)
    }

    var body: some View {
        Text(item.name)
    }
}

/// Makes bindings: the wrapper becomes @Bindable.
struct ItemEditor: View {
    @ObservedObject private var item: Item

    init(item: Item) {
        self._item = ObservedObject(wrappedValue: item)
    }

    var body: some View {
        TextField("Name", text: $item.name)
    }
}

struct ItemDetail: View {
    @StateObject private var item: Item

    init(name: String) {
        _item = StateObject(wrappedValue: Item(name: name))
    }

    var body: some View {
        Text(item.name)
    }
}
