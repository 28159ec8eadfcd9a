import SwiftUI

// Each platform's session is an ObservableObject: the model migrates in both branches.
#if os(iOS)
@Observable final class Session {
    var user = "phone"
}
#else
@Observable final class Session {
    var user = "desktop"
    var windows = 1
}
#endif

#if os(iOS)
extension Session {
    var greeting: String { "Hello, \(user)" }
}
#endif

struct SessionBadge: View {
    @State private var session = Session()

    var body: some View {
        Text(session.user)
    }
}
