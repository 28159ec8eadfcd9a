import SwiftUI

/// Both classes adopt the protocol in an extension, and both are declared here: the family
/// migrates, extensions and all.
protocol SessionModel: ObservableObject {
    var user: String { get }
}

final class LiveSession {
    @Published var user = ""
}

extension LiveSession: SessionModel { }

final class PreviewSession {
    @Published var user = "Preview"
}

extension PreviewSession: SessionModel {
    var isPreview: Bool { true }
}

struct SessionBadge<Session: SessionModel>: View {
    @ObservedObject var session: Session

    var body: some View {
        Text(session.user)
    }
}

struct RootView: View {
    @StateObject private var session = LiveSession()

    var body: some View {
        SessionBadge(session: session)
    }
}
