import SwiftUI

@main
struct ShopApp: App {
    @StateObject private var router: Navigation = makeRouter()

    var body: some Scene {
        WindowGroup {
            RootView()
                .environmentObject(AppStore.shared)
                .environmentObject(AppStore.shared.cart)
                .environmentObject(router)
        }
    }
}

struct RootView: View {
    @EnvironmentObject var store: AppStore
    @EnvironmentObject var cart: CartStore
    @EnvironmentObject var router: Navigation

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
        .environmentObject(store)
        .environmentObject(store.cart)
        .environmentObject(Router())
}
