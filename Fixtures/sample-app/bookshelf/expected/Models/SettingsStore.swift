import SwiftUI

/// User preferences. Some are persisted in UserDefaults, the rest live for one launch.
@Observable class SettingsStore {
    enum SortOrder: String, CaseIterable, Identifiable {
        case title, author, recentlyAdded
        var id: String { rawValue }
    }

    var sortOrder: SortOrder = .recentlyAdded
    var showsFinished = true

    /// Persisted: survives relaunches.
    @ObservationIgnored @AppStorage("readingGoal") var readingGoal = 12
    @ObservationIgnored @AppStorage("fontScale")
    var fontScale: Double = 1.0

    /// Built on first use; formatting pages is not cheap.
    @ObservationIgnored lazy var pageFormatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        return formatter
    }()

    #if DEBUG
    var showsDebugOverlay = false
    #endif

    func pageText(_ pages: Int) -> String {
        (pageFormatter.string(from: NSNumber(value: pages)) ?? "\(pages)") + " pages"
    }
}
