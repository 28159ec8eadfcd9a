import SwiftUI

struct ItemRow: View {
    @ObservedObject var item: Item
    @ObservedObject var tag: Tag
    @ObservedObject var note: Note
    var body: some View { Text(item.title ?? tag.name + note.text) }
}

struct ItemDetail: View {
    @ObservedObject var item: Item
    @EnvironmentObject var current: Tag

    init(item: Item) {
        _item = ObservedObject(wrappedValue: item)
    }

    var body: some View {
        ItemRow(item: item, tag: current, note: Note())
            .environmentObject(item)
    }
}

struct CartBadge: View {
    @ObservedObject var cart: Cart
    var body: some View { Text("\(cart.count)") }
}
