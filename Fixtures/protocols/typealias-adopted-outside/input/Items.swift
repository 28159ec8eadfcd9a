import SwiftUI
import CoreData

typealias ListItem = ObservableObject & Identifiable

/// Every Core Data entity can be listed. NSManagedObject is not declared in the sources and
/// stays an ObservableObject, and ItemRow must go on observing it: ListItem, and DraftItem
/// that conforms through it, stay.
extension NSManagedObject: ListItem { }

final class DraftItem: ListItem {
    @Published var title = ""
}

struct ItemRow<Item: ListItem>: View {
    @ObservedObject var item: Item
    let label: (Item) -> String

    var body: some View {
        Text(label(item))
    }
}

struct DraftRow: View {
    @StateObject private var draft = DraftItem()

    var body: some View {
        ItemRow(item: draft) { $0.title }
    }
}
