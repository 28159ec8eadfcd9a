import SwiftUI

final class Ticker: ObservableObject {
    @Published var ticks = 0
}

final class Settings: ObservableObject {
    static let shared = Settings()
    @Published var volume = 0.5
}

struct TimerView: View {
    // Re-created whenever the parent re-renders: probably a bug today.
    @ObservedObject var ticker = Ticker()
    @ObservedObject var made: Ticker = .init()
    // Handed an object that lives elsewhere: not one the view creates.
    @ObservedObject var settings = Settings.shared
    @ObservedObject var typedSettings: Settings = .shared

    var body: some View {
        VStack {
            Text("\(ticker.ticks) \(made.ticks)")
            Slider(value: $settings.volume)
            Text("\(typedSettings.volume)")
        }
    }
}
