import SwiftUI

@Observable final class Ticker {
    var ticks = 0
}

@Observable final class Settings {
    static let shared = Settings()
    var volume = 0.5
}

struct TimerView: View {
    // Re-created whenever the parent re-renders: probably a bug today.
    @State var ticker = Ticker()
    @State var made: Ticker = .init()
    // Handed an object that lives elsewhere: not one the view creates.
    @Bindable var settings = Settings.shared
    var typedSettings: Settings = .shared

    var body: some View {
        VStack {
            Text("\(ticker.ticks) \(made.ticks)")
            Slider(value: $settings.volume)
            Text("\(typedSettings.volume)")
        }
    }
}
