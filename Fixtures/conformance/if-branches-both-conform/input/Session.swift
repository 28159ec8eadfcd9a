import SwiftUI

// Each platform's session is an ObservableObject: the model migrates in both branches.
#if os(iOS)
final class Session: ObservableObject {
    @Published var user = "phone"
}
#else
final class Session: ObservableObject {
    @Published var user = "desktop"
    @Published var windows = 1
}
#endif

#if os(iOS)
extension Session {
    var greeting: String { "Hello, \(user)" }
}
#endif

struct SessionBadge: View {
    @StateObject private var session = Session()

    var body: some View {
        Text(session.user)
    }
}
