import SwiftUI

final class Store: ObservableObject {
    @Published var count = 0
}

@Observable final class Model {
    var total = 0
}

struct CountView: View {
    @EnvironmentObject var store: Store
    var body: some View { Text("\(store.count)") }
}

/// A generic enum's associated value is whatever its parameter is at the use (here `Model`
/// names the parameter, not the class): the binding cannot be typed from the declaration, so
/// the injection holds every environment model. Model, never injected, still migrates.
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
    @State private var cart = Model()
    var body: some View { Text("\(cart.total)") }
}
