import Combine
import Observation

final class Cart: ObservableObject {
    @Published var count = 0
}

final class Wishlist: ObservableObject {
    @Published var items: [String] = []
}

/// Its view only initialises the storage (`_profile = ...`), which the fix rewrites: it migrates.
@Observable final class Profile {
    var name = ""
}
