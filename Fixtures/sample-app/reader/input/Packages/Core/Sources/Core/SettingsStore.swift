import Foundation
import SwiftUI

/// The reader's settings, shared through the environment.
@MainActor
public final class SettingsStore: ObservableObject {
    public enum Theme: String, CaseIterable {
        case system, light, dark
    }

    @Published public var theme: Theme = .system
    @Published public var fontSize: Double = 16
    @Published public var showsImages = true
    @Published public var refreshMinutes = 30
    public lazy var sizeFormatter = NumberFormatter()

    public init() {}

    public func resetTypography() {
        objectWillChange.send()
        fontSize = 16
    }
}
