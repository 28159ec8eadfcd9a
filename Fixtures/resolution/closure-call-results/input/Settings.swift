import SwiftUI

final class DeepLinkSentinel: ObservableObject {
    @Published var pending: String?
}

final class Library: ObservableObject {
    @Published var books: [String] = []
}

struct AutomationView: View {
    @EnvironmentObject var sentinel: DeepLinkSentinel
    @EnvironmentObject var library: Library

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
            .environmentObject(sentinel())
            .environmentObject(library)
    }
}

func automation(makeLibrary: @escaping () -> Library, sentinel: DeepLinkSentinel) -> some View {
    AutomationView()
        .environmentObject(makeLibrary())
        .environmentObject(sentinel)
}
