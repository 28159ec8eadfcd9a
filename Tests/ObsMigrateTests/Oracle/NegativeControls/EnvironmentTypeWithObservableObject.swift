// expect-error: candidate requires that 'SessionStore' conform to 'Observable'
// @Environment(Type.self) requires an @Observable class, not an ObservableObject.
import SwiftUI

final class SessionStore: ObservableObject {
    @Published var userName = ""
}

struct SessionView: View {
    @Environment(SessionStore.self) private var session

    var body: some View {
        Text(session.userName)
    }
}
