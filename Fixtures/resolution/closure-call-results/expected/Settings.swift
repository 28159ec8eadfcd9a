import SwiftUI

@Observable final class DeepLinkSentinel {
    var pending: String?
}

@Observable final class Library {
    var books: [String] = []
}

struct AutomationView: View {
    @Environment(DeepLinkSentinel.self) var sentinel
    @Environment(Library.self) var library

    var body: some View {
        Text("\(sentinel.pending ?? "") \(library.books.count)")
    }
}

/// Calling a closure typed `() -> T`, a property or a parameter (attributes and all), gives
/// a T: the injections are told.
struct SettingsScreen: View {
    private var sentinel: () -> DeepLinkSentinel
    private let library: Library

    init(library: Library, sentinel: @escaping @autoclosure () -> DeepLinkSentinel) {
        self.library = library
        self.sentinel = sentinel
    }

    var body: some View {
        AutomationView()
            .environment(sentinel())
            .environment(library)
    }
}

func automation(makeLibrary: @escaping () -> Library, sentinel: DeepLinkSentinel) -> some View {
    AutomationView()
        .environment(makeLibrary())
        .environment(sentinel)
}
