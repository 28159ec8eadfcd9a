import Combine

/// Values stored as `any ObservableObject` or returned as `some ObservableObject` may be any
/// model, and where they come from is not followed: every model stays an ObservableObject.
final class Registry {
    var objects: [any ObservableObject] = []
    func register(_ cart: Cart) { objects.append(cart) }
}

enum Factory {
    static func make() -> some ObservableObject { Wishlist() }
}
