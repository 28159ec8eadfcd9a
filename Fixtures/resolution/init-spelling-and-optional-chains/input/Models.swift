import Foundation
import Combine

final class LoadableModel: ObservableObject {
    @Published var state = 0
    init(id: Int) {}
}

/// Settings written to UserDefaults by a free function, which tells the store's views itself.
final class SettingsStore: ObservableObject {
    static var shared: SettingsStore? = SettingsStore()
    @Published var theme = "light"
}

/// Others migrate: neither of the sites above can hold them.
final class Unrelated: ObservableObject {
    @Published var count = 0
}

func store(_ value: String, key: String) {
    UserDefaults.standard.set(value, forKey: key)
    DispatchQueue.main.async {
        SettingsStore.shared?.objectWillChange.send()
    }
}
