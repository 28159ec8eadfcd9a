import SwiftUI

struct SettingsView: View {
    @Environment(SettingsStore.self) var settings

    var body: some View {
        @Bindable var settings = settings
        Form {
            Section("Library") {
                Picker("Sort by", selection: $settings.sortOrder) {
                    ForEach(SettingsStore.SortOrder.allCases) { order in
                        Text(order.rawValue.capitalized).tag(order)
                    }
                }
                Toggle("Show finished books", isOn: $settings.showsFinished)
            }
            Section("Reading") {
                Stepper("Goal: \(settings.readingGoal) books a year", value: $settings.readingGoal, in: 1...100)
                Slider(value: $settings.fontScale, in: 0.8...1.6)
            }
            #if DEBUG
            Section("Debug") {
                Toggle("Debug overlay", isOn: $settings.showsDebugOverlay)
            }
            #endif
            Section("About") {
                Text(BookAPI.credits)
                    .font(.footnote)
            }
        }
        .navigationTitle("Settings")
    }
}
