import Combine

final class Session: ObservableObject {
    @Published var user = ""
}

final class LoginForm: ObservableObject {
    @Published var email = ""
}
