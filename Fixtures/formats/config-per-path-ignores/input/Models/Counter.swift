import Foundation

final class Counter: ObservableObject {
    @Published var value = 0
}

final class Store: ObservableObject {
    @Published var items: [String] = []
}
