import SwiftUI

final class Router: ObservableObject {
    @Published var path: [String] = []
}

final class Session: ObservableObject {
    @Published var user = ""
}

extension Container {
    var router: Factory<Router> { self { Router() } }
    var session: Factory<Session> { self { Session() } }
}

/// Factory's `@InjectedObject` holds only an ObservableObject: Router keeps it. `@Injected`
/// holds anything, and its key path tells `.environmentObject(session)` the type: Session migrates.
struct Root: View {
    @InjectedObject(\.router) private var router
    @Injected(\.session) private var session

    var body: some View {
        Child()
            .environmentObject(router)
            .environmentObject(session)
    }
}

struct Child: View {
    @EnvironmentObject var router: Router
    @EnvironmentObject var session: Session
    var body: some View { Text("\(router.path.count) \(session.user)") }
}
