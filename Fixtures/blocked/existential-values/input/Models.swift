import Combine

final class Cart: ObservableObject {
    @Published var count = 0
}

final class Wishlist: ObservableObject {
    @Published var items: [String] = []
}
