import SwiftUI

@Observable final class Ticker {
    var ticks = 0
}

struct TimerView: View {
    // Re-created whenever the parent re-renders: probably a bug today.
    var ticker = Ticker()

    var body: some View {
        Text("\(ticker.ticks)")
    }
}
