import SwiftUI

final class Service: ObservableObject {
    @Published var status = ""
}

final class Session: ObservableObject {
    @Published var user = ""
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
    @StateObject var session = Session()

    var body: some View {
        Child()
            .environmentObject(service)
            .environmentObject(session)
    }
}

struct Child: View {
    @EnvironmentObject var service: Service
    @EnvironmentObject var session: Session

    var body: some View { Text(service.status + session.user) }
}
