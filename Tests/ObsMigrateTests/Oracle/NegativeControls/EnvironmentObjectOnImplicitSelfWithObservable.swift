// expect-error: instance method 'environmentObject' requires that 'Session' conform to 'ObservableObject'
// `environmentObject(x)` on an implicit self (a View extension's helper) is an injection site too
// (Fixtures/views/environment-object-on-implicit-self): left as it was, a migrated model fails here.
import SwiftUI

@Observable
final class Session {
    var userName = ""
    static let shared = Session()
}

extension View {
    func withEnvironments() -> some View {
        environmentObject(Session.shared)
    }
}
