import SwiftUI

// obs-migrate:disable OBS102 -- Settings feeds a Combine pipeline in another target
final class Settings: ObservableObject {
    @Published var theme = 0
}
// obs-migrate:enable OBS102

final class Counter: ObservableObject {
    @Published var count = 0
}

final class Store: ObservableObject {
    @Published var items: [String] = []
}

final class Cart: ObservableObject {
    @Published var total = 0
}
