import SwiftUI
import UIKit

/// SwiftUI puts an app delegate in the environment only when it is an ObservableObject, and
/// UIKit's adaptor has no Observable variant: @Environment(AppDelegate.self) would find nothing.
final class AppDelegate: NSObject, UIApplicationDelegate, ObservableObject {
    @Published var pushToken: String?
}

/// The same holds for a scene delegate.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate, ObservableObject {
    @Published var isActive = false
}

@Observable final class Library {
    var books: [String] = []
}

@main
struct ReaderApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate
    @State private var library = Library()

    var body: some Scene {
        WindowGroup {
            ContentView().environment(library)
        }
    }
}

struct ContentView: View {
    @EnvironmentObject var appDelegate: AppDelegate
    @Environment(Library.self) var library

    var body: some View {
        Text("\(appDelegate.pushToken ?? "") \(library.books.count)")
    }
}
