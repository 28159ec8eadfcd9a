import SwiftUI

@main
struct ShopApp: App {
    @State private var router: Navigation = makeRouter()

    var body: some Scene {
        WindowGroup {
            RootView()
                .environment(AppStore.shared)
                .environment(AppStore.shared.cart)
                .environment(router)
        }
    }
}

struct RootView: View {
    @Environment(AppStore.self) var store
    @Environment(CartStore.self) var cart
    @Environment(Navigation.self) var router

    var body: some View {
        #if DEBUG
        Text("debug \(store.user)")
        #else
        Text(store.user)
        #endif
    }
}

#Preview {
    let store = AppStore()
    return RootView()
        .environment(store)
        .environment(store.cart)
        .environment(Router())
}
