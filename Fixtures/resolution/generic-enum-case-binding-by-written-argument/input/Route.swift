import SwiftUI

final class Store: ObservableObject {
    @Published var count = 0
}

final class Model: ObservableObject {
    @Published var total = 0
}

struct CountView: View {
    @EnvironmentObject var store: Store
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
        return CountView().environmentObject(model)
    }
}

struct CartView: View {
    @StateObject private var cart = Model()
    var body: some View { Text("\(cart.total)") }
}
