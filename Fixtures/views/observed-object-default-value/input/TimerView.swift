import SwiftUI

final class Ticker: ObservableObject {
    @Published var ticks = 0
}

struct TimerView: View {
    // Re-created whenever the parent re-renders: probably a bug today.
    @ObservedObject var ticker = Ticker()

    var body: some View {
        Text("\(ticker.ticks)")
    }
}
