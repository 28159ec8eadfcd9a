import SwiftUI

/// Legacy screen: OBS104 is ignored under Legacy/, which keeps Counter as it is everywhere.
/// The file is still rewritten for Store (OBS109), and the ignore holds in every fix round.
struct OldCounterScreen: View {
    @StateObject private var counter = Counter()
    var body: some View {
        CounterView(counter: counter)
            .environmentObject(Store())
    }
}
