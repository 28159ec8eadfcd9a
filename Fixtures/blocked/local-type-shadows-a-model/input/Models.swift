import Combine

final class Cart: ObservableObject {
    @Published var items: [String] = []
}

final class Wallet: ObservableObject {
    @Published var balance = 0
}
