import Combine

final class Cart: ObservableObject {
    @Published var count = 0
}

final class Wishlist: ObservableObject {
    @Published var items: [String] = []
}

/// Its view only initialises the storage (`_profile = ...`), which the fix rewrites: it migrates.
final class Profile: ObservableObject {
    @Published var name = ""
}
