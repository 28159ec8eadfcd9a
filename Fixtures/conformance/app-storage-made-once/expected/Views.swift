import SwiftUI

struct SettingsView: View {
    /// An implicit `.init()` whose annotation names another type: it makes a UUID, not a Settings.
    private let id: UUID = .init()
    var settings = Settings.shared
    var layout = Layout.shared
    @StateObject private var sounds = Sounds()
    @ObservedObject var fonts = Shared.fonts
    @ObservedObject var colors = Colors.current
    @ObservedObject var badges = Badges.shared
    @ObservedObject var sync = Sync.shared

    var body: some View {
        VStack {
            Text("\(settings.theme) \(layout.columns) \(layout.zoom)")
            Text("\(sounds.volume) \(fonts.size) \(colors.accent) \(badges.count) \(sync.enabled)")
            Stepper("Columns", value: Bindable(Layout.shared).columns)
            Text("\(Clamp.shared.value) \(Tips.shared.shown)")
        }
    }
}
