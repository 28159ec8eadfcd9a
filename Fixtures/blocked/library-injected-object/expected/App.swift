import SwiftUI

final class Router: ObservableObject {
    @Published var path: [String] = []
}

@Observable final class Session {
    var user = ""
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
            .environment(session)
    }
}

struct Child: View {
    @EnvironmentObject var router: Router
    @Environment(Session.self) var session
    var body: some View { Text("\(router.path.count) \(session.user)") }
}
