import SwiftUI

/// A main-actor property: its subject and publisher are main-actor isolated like it. (Its
/// initializer sets nothing: a default one, or one off the main actor that set `hasURL`, would
/// not compile in Swift 6 once the class is @Observable, and keeps the class.)
@Observable final class Browser {
    @MainActor private(set) var hasURL: Bool = false {
        willSet {
            hasURLSubject.send(newValue)
        }
    }
    @ObservationIgnored @MainActor private lazy var hasURLSubject = CurrentValueSubject<Bool, Never>(hasURL)
    @MainActor var hasURLPublisher: AnyPublisher<Bool, Never> { hasURLSubject.eraseToAnyPublisher() }

    init() {}

    @MainActor func load() { hasURL = true }
}

struct BrowserToolbar: View {
    var browser: Browser
    @State private var enabled = false

    var body: some View {
        Button("Share") {}
            .disabled(!enabled)
            .onReceive(browser.hasURLPublisher) { enabled = $0 }
    }
}
