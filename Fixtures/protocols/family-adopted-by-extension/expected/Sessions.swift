import SwiftUI

/// Both classes adopt the protocol in an extension, and both are declared here: the family
/// migrates, extensions and all.
protocol SessionModel: AnyObject {
    var user: String { get }
}

@Observable final class LiveSession {
    var user = ""
}

extension LiveSession: SessionModel { }

@Observable final class PreviewSession {
    var user = "Preview"
}

extension PreviewSession: SessionModel {
    var isPreview: Bool { true }
}

struct SessionBadge<Session: SessionModel>: View {
    var session: Session

    var body: some View {
        Text(session.user)
    }
}

struct RootView: View {
    @State private var session = LiveSession()

    var body: some View {
        SessionBadge(session: session)
    }
}
