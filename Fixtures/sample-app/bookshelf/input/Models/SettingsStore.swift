import SwiftUI

/// User preferences. Some are persisted in UserDefaults, the rest live for one launch.
class SettingsStore: ObservableObject {
    enum SortOrder: String, CaseIterable, Identifiable {
        case title, author, recentlyAdded
        var id: String { rawValue }
    }

    @Published var sortOrder: SortOrder = .recentlyAdded
    @Published var showsFinished = true

    /// Persisted: survives relaunches.
    @AppStorage("readingGoal") var readingGoal = 12
    @AppStorage("fontScale")
    var fontScale: Double = 1.0

    /// Built on first use; formatting pages is not cheap.
    lazy var pageFormatter: NumberFormatter = {
        let formatter = NumberFormatter()
        formatter.numberStyle = .decimal
        return formatter
    }()

    #if DEBUG
    @Published var showsDebugOverlay = false
    #endif

    func pageText(_ pages: Int) -> String {
        (pageFormatter.string(from: NSNumber(value: pages)) ?? "\(pages)") + " pages"
    }
}
