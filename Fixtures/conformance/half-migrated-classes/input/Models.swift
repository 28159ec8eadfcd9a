import SwiftUI

// Marked @Observable by hand, but still an ObservableObject: its views use the old wrappers,
// and `filter` reached them through @Published, hidden from the macro.
@Observable
final class Library: ObservableObject {
    var books: [String] = []
    @ObservationIgnored @Published var filter = ""
    @ObservationIgnored var cache: [String: Int] = [:]
}

@Observable final class Profile {
    var name = ""
}

extension Profile: ObservableObject {}

// Half-migrated too, but a view subscribes to its $query publisher: it stays, with the reason.
@Observable
final class Search: ObservableObject {
    @ObservationIgnored @Published var query = ""
    var results: [String] = []
}
