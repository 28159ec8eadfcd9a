import Foundation
import Combine
import Observation

/// Every model of the app is identified, for navigation paths and lists.
typealias ModelDefinition = AnyObject & Identifiable

@Observable final class SettingsModel: ModelDefinition {
    let id = UUID()
    var darkMode = false
    var fontSize = 14.0
}

@Observable final class ProfileModel: ModelDefinition, CustomStringConvertible {
    let id = UUID()
    var name = ""

    var description: String { name }
}
