import SwiftUI
import UIKit

/// UIKit's adaptor puts an app delegate in the environment when it is an ObservableObject and
/// documents no Observable variant: @Environment(AppDelegate.self) may find nothing.
final class AppDelegate: NSObject, UIApplicationDelegate, ObservableObject {
    @Published var pushToken: String?
}

/// A scene delegate is put in the environment as an Observable too: it migrates.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate, ObservableObject {
    @Published var isActive = false
}

final class Library: ObservableObject {
    @Published var books: [String] = []
}

@main
struct ReaderApp: App {
    @UIApplicationDelegateAdaptor(AppDelegate.self) var appDelegate
    @StateObject private var library = Library()

    var body: some Scene {
        WindowGroup {
            ContentView().environmentObject(library)
        }
    }
}

struct ContentView: View {
    @EnvironmentObject var appDelegate: AppDelegate
    @EnvironmentObject var library: Library

    var body: some View {
        Text("\(appDelegate.pushToken ?? "") \(library.books.count)")
    }
}
