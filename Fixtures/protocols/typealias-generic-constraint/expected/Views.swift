import SwiftUI

struct Card<Model: ViewModel>: View {
    var model: Model
    let title: (Model) -> String

    var body: some View {
        Text(title(model))
    }
}

struct Badge<Model>: View where Model: ViewModel & Counting {
    @Environment(Model.self) var model

    var body: some View {
        Text("\(model.count)")
    }
}

struct Shop: View {
    @State private var cart = CartModel()
    @State private var inbox = InboxModel()

    var body: some View {
        VStack {
            Card(model: cart) { "\($0.items.count) items" }
            Badge<InboxModel>()
                .environment(inbox)
        }
    }
}
