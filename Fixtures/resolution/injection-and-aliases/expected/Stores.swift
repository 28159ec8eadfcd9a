import Foundation
import Observation

@Observable final class AppStore {
    static let shared = AppStore()
    var user = "guest"
    let cart = CartStore()
}

@Observable final class CartStore {
    var items: [String] = []
}

@Observable final class Router {
    var path: [String] = []
}

typealias Navigation = Router

func makeRouter() -> Router { Router() }
