import SwiftUI
import UIKit

/// UIKit's adaptor puts an app delegate in the environment when it is an ObservableObject and
/// documents no Observable variant: @Environment(AppDelegate.self) may find nothing.
final class AppDelegate: NSObject, UIApplicationDelegate, ObservableObject {
    @Published var pushToken: String?
}

/// A scene delegate is put in the environment as an Observable too: it migrates.
@Observable final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var isActive = false
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
