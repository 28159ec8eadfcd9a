import Foundation

/// In another file: its members read the counter too, and its send bumps it, so the counter
/// is not private.
extension SettingsStore {
    var summary: String { title + (isCompact ? " compact" : "") }

    func resetAccent() {
        UserDefaults.standard.removeObject(forKey: "accent")
        objectWillChange.send()
    }
}
