import SwiftUI

@Observable final class Item {
    var name: String
    init(name: String) { self.name = name }
}

/// Reads the item only: the wrapper goes.
struct ItemRow: View {
    var item: Item

    init(item: Item) {
        self.item = item
    }

    var body: some View {
        Text(item.name)
    }
}

/// Makes bindings: the wrapper becomes @Bindable.
struct ItemEditor: View {
    @Bindable private var item: Item

    init(item: Item) {
        self._item = Bindable(wrappedValue: item)
    }

    var body: some View {
        TextField("Name", text: $item.name)
    }
}

struct ItemDetail: View {
    @State private var item: Item

    init(name: String) {
        _item = State(wrappedValue: Item(name: name))
    }

    var body: some View {
        Text(item.name)
    }
}
