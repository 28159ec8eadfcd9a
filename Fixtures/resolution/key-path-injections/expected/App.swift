import SwiftUI

@Observable final class Service {
    var status = ""
}

@Observable final class Session {
    var user = ""
}

private struct ServiceKey: EnvironmentKey {
    static let defaultValue = Service()
}

extension EnvironmentValues {
    var service: Service {
        get { self[ServiceKey.self] }
        set { self[ServiceKey.self] = newValue }
    }
}

/// `service` is read through a key path into EnvironmentValues: its type is the member's, so the
/// injection is told and holds no other model.
struct Root: View {
    @Environment(\.service) var service
    @State var session = Session()

    var body: some View {
        Child()
            .environment(service)
            .environment(session)
    }
}

struct Child: View {
    @Environment(Service.self) var service
    @Environment(Session.self) var session

    var body: some View { Text(service.status + session.user) }
}
