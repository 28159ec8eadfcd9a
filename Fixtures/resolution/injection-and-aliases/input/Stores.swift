import Foundation

final class AppStore: ObservableObject {
    static let shared = AppStore()
    @Published var user = "guest"
    let cart = CartStore()
}

final class CartStore: ObservableObject {
    @Published var items: [String] = []
}

final class Router: ObservableObject {
    @Published var path: [String] = []
}

typealias Navigation = Router

func makeRouter() -> Router { Router() }
