import SwiftUI

struct Card<Model: ViewModel>: View {
    @ObservedObject var model: Model
    let title: (Model) -> String

    var body: some View {
        Text(title(model))
    }
}

struct Badge<Model>: View where Model: ViewModel & Counting {
    @EnvironmentObject var model: Model

    var body: some View {
        Text("\(model.count)")
    }
}

struct Shop: View {
    @StateObject private var cart = CartModel()
    @StateObject private var inbox = InboxModel()

    var body: some View {
        VStack {
            Card(model: cart) { "\($0.items.count) items" }
            Badge<InboxModel>()
                .environmentObject(inbox)
        }
    }
}
