import Foundation
import Combine

/// Every model of the app is identified, for navigation paths and lists.
typealias ModelDefinition = ObservableObject & Identifiable

final class SettingsModel: ModelDefinition {
    let id = UUID()
    @Published var darkMode = false
    @Published var fontSize = 14.0
}

final class ProfileModel: ModelDefinition, CustomStringConvertible {
    let id = UUID()
    @Published var name = ""

    var description: String { name }
}
