import Combine

final class Cart: ObservableObject, Reloadable {
    @Published var count = 0
}

final class Shelf {
    var carts: [Cart] = []
    func refresh() { carts.reloadAll() }
}
