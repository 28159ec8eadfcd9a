import SwiftUI

@Observable final class Router {
    var path: [String] = []
}

@Observable final class Session {
    var user = ""
}

/// Its view uses `$settings`, the wrapper's projection, which `@Injected` does not give: it stays.
final class Settings: ObservableObject {
    @Published var dark = false
}

extension Container {
    var router: Factory<Router> { self { Router() } }
    var session: Factory<Session> { self { Session() } }
    var settings: Factory<Settings> { self { Settings() } }
}

/// Factory's `@InjectedObject` holds only an ObservableObject: it becomes `@Injected`, which
/// holds anything, with Router's migration. `@Injected`'s key path tells
/// `.environmentObject(session)` the type: Session migrates.
struct Root: View {
    @Injected(\.router) private var router
    @Injected(\.session) private var session

    var body: some View {
        Child()
            .environment(router)
            .environment(session)
    }
}

struct Child: View {
    @Environment(Router.self) var router
    @Environment(Session.self) var session
    var body: some View { Text("\(router.path.count) \(session.user)") }
}

struct SettingsView: View {
    @InjectedObject(\.settings) private var settings

    var body: some View {
        Text(settings.dark ? "dark" : "light")
            .onAppear { _ = $settings }
    }
}
