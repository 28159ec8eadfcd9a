import SwiftUI
import Combine

/// Any view model; Row takes one.
typealias ViewModel = ObservableObject & AnyObject

final class CartModel: ViewModel {
    @Published var count = 0
}

/// Never names ViewModel, but as an ObservableObject it satisfies the composition: Row
/// observes it too. Were ViewModel to lose ObservableObject, Row's wrapper would go and Row
/// would stop refreshing for it; were it alone to migrate, Row(model:) would not compile.
/// So it, CartModel and ViewModel stay.
final class SessionTimer: ObservableObject {
    @Published var count = 0
}

struct Row<Model: ViewModel>: View {
    @ObservedObject var model: Model
    let count: (Model) -> Int

    var body: some View {
        Text("\(count(model))")
    }
}

struct Dashboard: View {
    @StateObject private var cart = CartModel()
    @StateObject private var timer = SessionTimer()

    var body: some View {
        VStack {
            Row(model: cart) { $0.count }
            Row(model: timer) { $0.count }
        }
    }
}
