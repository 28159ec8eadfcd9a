import SwiftUI

final class Store: ObservableObject {
    @Published var count = 0
}

final class Cart: ObservableObject {
    @Published var total = 0
}

enum Route {
    case home
    case detail(Store)
}

enum Item {
    case detail(Cart)
}

struct CountView: View {
    @EnvironmentObject var store: Store
    @EnvironmentObject var cart: Cart

    var body: some View {
        Text("\(store.count) \(cart.total)")
    }
}

/// Inside a switch over a Route, `for case let .detail(cart) in items` binds an Item's Cart,
/// not a Route's Store: the loop's sequence decides, which is not told here, so the injection
/// holds every environment model rather than be read as a Store.
func badges(for route: Route, items: [Item]) -> [AnyView] {
    var views: [AnyView] = []
    switch route {
    case .home:
        for case let .detail(cart) in items {
            views.append(AnyView(CountView().environmentObject(cart)))
        }
    case .detail(let store):
        views.append(AnyView(CountView().environmentObject(store)))
    }
    return views
}
