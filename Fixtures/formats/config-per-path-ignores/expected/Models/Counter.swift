import Foundation
import Observation

final class Counter: ObservableObject {
    @Published var value = 0
}

@Observable final class Store {
    var items: [String] = []
}
