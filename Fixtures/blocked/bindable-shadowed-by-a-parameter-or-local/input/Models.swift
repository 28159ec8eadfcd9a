import Combine

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

final class Session: ObservableObject {
    @Published var user = ""
}
