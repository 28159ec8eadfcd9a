import SwiftUI

@Observable final class Store {
    var count = 0
}

@Observable final class Model {
    var total = 0
}

struct CountView: View {
    @Environment(Store.self) var store
    var body: some View { Text("\(store.count)") }
}

/// A generic enum's associated value is whatever its parameter is at the use (here `Model`
/// names the parameter, not the class): `Route<Store>` binds it to Store, so the injection
/// is of a Store, and Model, never injected, migrates too.
enum Route<Model> {
    case detail(Model)
}

func destination(_ route: Route<Store>) -> some View {
    switch route {
    case .detail(let model):
        return CountView().environment(model)
    }
}

struct CartView: View {
    @State private var cart = Model()
    var body: some View { Text("\(cart.total)") }
}
