import SwiftUI

struct LoginView: View {
    /// A view's own `State`: `@State` inside it would name this enum, so `@SwiftUI.State`.
    enum State { case idle, loading }
    @StateObject private var form = LoginForm()
    let phase: State = .idle
    var body: some View { TextField("Email", text: $form.email) }
}

struct Header: View {
    @EnvironmentObject var session: Session
    var body: some View {
        VStack {
            Text(session.user + Environment.current.rawValue)
            TextField("User", text: $session.user)
        }
    }
}

struct Root: View {
    @StateObject var session = Session()
    var body: some View { Header().environmentObject(session) }
}
