import SwiftUI

/// Made by each view that shows it, and read only inside, where no view sees the result: its
/// @AppStorage becomes @ObservationIgnored, and it migrates although it is made twice.
final class Reminders: ObservableObject {
    @AppStorage("reminders.minutesBefore") var minutesBefore: Int = 20
    @Published var scheduled: [String] = []

    func schedule(_ title: String) {
        let minutes = minutesBefore
        DispatchQueue.main.async {
            self.scheduled.append("\(title) -\(minutes)m (\(self.minutesBefore))")
        }
    }
}

/// Read only in its initializer: it migrates.
final class Theme: ObservableObject {
    @AppStorage("theme.light") var light = false
    @Published var name = "dark"

    init() {
        if light { name = "light" }
    }
}

/// Read by a computed property, which a view reads: it stays.
final class Greeting: ObservableObject {
    @AppStorage("greeting.name") var name = "you"
    var text: String { "Hello, \(name)" }
}

/// Read from outside, through an instance: it stays.
final class Volume: ObservableObject {
    @AppStorage("volume.level") var level = 0.5
}

/// Its key is also read another way (UserDefaults, in a view): it stays.
final class Sync: ObservableObject {
    @AppStorage("sync.enabled") var enabled = false
    func toggle() { enabled.toggle() }
}

/// Read by a method that hands out a value: it stays.
final class Quota: ObservableObject {
    @AppStorage("quota.limit") var limit = 10
    func remaining(used: Int) -> Int { limit - used }
}

/// Read in a string a computed property makes: it stays.
final class Badge: ObservableObject {
    @AppStorage("badge.count") var count = 0
    var label: String { "\(count) new" }
}

/// A protocol's extension reads it as a requirement: it stays.
protocol Limited: AnyObject { var cap: Int { get } }
extension Limited { var describedCap: String { "up to \(cap)" } }
final class Upload: ObservableObject, Limited {
    @AppStorage("upload.cap") var cap = 5
}

/// Read in a method that returns nothing, which a computed property calls: that value changed
/// with it, so it stays.
final class Digest: ObservableObject {
    @AppStorage("digest.hour") var hour = 8
    @Published var summary = ""
    var line: String { refresh(); return summary }
    func refresh() { summary = "at \(hour)" }
}

/// Read in a method that `updateUIView` calls (a representable's, here with a stand-in for the
/// UIKit view): it pushed the value into that view on each change, so it stays.
final class MapStyle: ObservableObject {
    @AppStorage("map.satellite") var satellite = false
    func apply(to label: LabelBox) { label.text = satellite ? "satellite" : "standard" }
}

final class LabelBox {
    var text = ""
}

struct MapLabel {
    @ObservedObject var style: MapStyle
    func updateUIView(_ label: LabelBox, context: Int) { style.apply(to: label) }
}
