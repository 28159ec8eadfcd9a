import Combine
import Observation

final class Profile: ObservableObject {
    @Published var name = ""
}

final class Account: ObservableObject {
    @Published var handle = ""
}

final class Settings: ObservableObject {
    @Published var label = ""
}

final class Theme: ObservableObject {
    @Published var accent = ""
}

@Observable final class Session {
    var user = ""
}
