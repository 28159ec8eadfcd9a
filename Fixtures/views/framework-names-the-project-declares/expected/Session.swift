import Combine
import Observation

@Observable final class Session {
    var user = ""
}

@Observable final class LoginForm {
    var email = ""
}
