import SwiftUI

struct RemindersView: View {
    @StateObject private var reminders = Reminders()
    @StateObject private var theme = Theme()
    @StateObject private var greeting = Greeting()
    @StateObject private var volume = Volume()
    @StateObject private var sync = Sync()
    @StateObject private var quota = Quota()
    @StateObject private var badge = Badge()
    @StateObject private var upload = Upload()
    @AppStorage("reminders.minutesBefore") private var minutesBefore = 20

    var body: some View {
        VStack {
            Text("\(reminders.scheduled.count) \(theme.name) \(greeting.text) \(quota.remaining(used: 3)) \(badge.label)")
            Text(upload.describedCap)
            Slider(value: $volume.level)
            Stepper("Minutes: \(minutesBefore)", value: $minutesBefore)
            Text(UserDefaults.standard.bool(forKey: "sync.enabled") ? "on" : "off")
            Button("Remind") { reminders.schedule("Standup"); sync.toggle() }
        }
    }
}

struct BadgeView: View {
    @StateObject private var reminders = Reminders()
    var body: some View { Text("\(reminders.scheduled.count)") }
}
