import SwiftUI

// obs-migrate:disable OBS102 -- Settings feeds a Combine pipeline in another target
final class Settings: ObservableObject {
    @Published var theme = 0
}
// obs-migrate:enable OBS102

@Observable final class Counter {
    var count = 0
}

final class Store: ObservableObject {
    @Published var items: [String] = []
}

@Observable final class Cart {
    var total = 0
}
