import Foundation
import SwiftUI

/// The reader's settings, shared through the environment.
@MainActor
@Observable public final class SettingsStore {
    public enum Theme: String, CaseIterable {
        case system, light, dark
    }

    public var theme: Theme = .system
    public var fontSize: Double = 16
    public var showsImages = true
    public var refreshMinutes = 30
    @ObservationIgnored public lazy var sizeFormatter = NumberFormatter()

    public init() {}

    public func resetTypography() {
        fontSize = 16
    }
}
