import SwiftUI

struct SettingsView: View {
    var settings: SettingsStore
    @State private var presence = Presence()
    @State private var picker = TagPicker()
    @ObservedObject var pager: Pager

    var body: some View {
        Text(settings.isCompact ? settings.accent : settings.label(for: "beta"))
        Text("\(presence.status) \(presence.names.count) \(String(describing: presence.mood)) \(presence.visits?.count ?? 0)")
        Text(presence.seen("me")?.description ?? "never")
        Toggle("Visible", isOn: $presence.isVisible)
        Text("\(picker.tags.count) \(pager.page)")
    }
}

struct ChannelView: View {
    var channel: Channel
    @ObservedObject var scoreboard: Scoreboard
    @ObservedObject var ticker: Ticker
    @ObservedObject var weather: Weather
    @ObservedObject var monitor: StatusMonitor
    @ObservedObject var dimmer: Dimmer
    @ObservedObject var radar: Radar
    @ObservedObject var latch: Latch
    @ObservedObject var fuse: Fuse
    @ObservedObject var gauge: Gauge
    @ObservedObject var inbox: Inbox

    var body: some View {
        Text("\(channel.feed.items.count) \(Scoreboard.best) \(ticker.label) \(weather.symbol) \(dimmer.isDimmed) \(radar.contacts) \(latch.code) \(fuse.length) \(gauge.pressure) \(inbox.unread)")
        ForEach(monitor.services.indices, id: \.self) { Text(monitor.services[$0].status) }
    }
}

struct PulseView: View {
    @ObservedObject var heartbeat: Heartbeat

    var body: some View {
        Text("\(heartbeat.beats) at \(Date())")
    }
}

/// Reads the counter only through a binding: the toggle's getter reads `isVisible` where the
/// toggle is drawn, so the counter tells it.
struct VisibilityToggle: View {
    @Bindable var presence: Presence

    var body: some View {
        Toggle("Visible", isOn: $presence.isVisible)
    }
}
