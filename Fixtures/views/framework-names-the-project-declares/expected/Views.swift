import SwiftUI

struct LoginView: View {
    /// A view's own `State`: `@State` inside it would name this enum, so `@SwiftUI.State`.
    enum State { case idle, loading }
    @SwiftUI.State private var form = LoginForm()
    let phase: State = .idle
    var body: some View { TextField("Email", text: $form.email) }
}

struct Header: View {
    @SwiftUI.Environment(Session.self) var session
    var body: some View {
        @Bindable var session = session
        VStack {
            Text(session.user + Environment.current.rawValue)
            TextField("User", text: $session.user)
        }
    }
}

struct Root: View {
    @State var session = Session()
    var body: some View { Header().environment(session) }
}
