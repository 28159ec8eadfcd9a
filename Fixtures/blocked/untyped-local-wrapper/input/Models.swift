import Combine

final class Cart: ObservableObject {
    @Published var items: [String] = []
}

final class Session: ObservableObject {
    @Published var user = ""
}
