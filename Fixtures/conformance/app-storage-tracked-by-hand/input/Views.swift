import SwiftUI

struct PreferencesView: View {
    @ObservedObject var preferences = Preferences.shared
    @StateObject private var counters = Counters()
    @ObservedObject var sync = Sync.shared
    @ObservedObject var volume = Volume.shared
    @AppStorage("sync.enabled") private var syncShown = false

    var body: some View {
        VStack {
            Text("\(preferences.fontSize) \(preferences.appearance.rawValue) \(preferences.lastOpened ?? "")")
            Text("\(counters.launches) \(sync.enabled ? "on" : "off") \(syncShown ? "shown" : "")")
            Slider(value: volume.$level)
            Slider(value: Brightness.shared.binding())
            Stepper("\(Recents.shared.count)", value: Recents.shared.$count)
            Text("up to \(Limits.shared.maximum)")
            Button("Bigger") { preferences.fontSize += 1 }
        }
    }
}

struct BadgeView: View {
    @StateObject private var counters = Counters()
    var body: some View { Text("\(counters.launches)") }
}
