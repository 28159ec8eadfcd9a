import SwiftUI

struct TagList: View {
    @State private var model = TagListViewModel(filter: "")
    @StateObject private var draft = Draft()

    var body: some View {
        List(model.items, id: \.self) { Text($0) }
            .navigationTitle("\(model.numberOfItems) tags, \(draft.text)")
    }
}
