import SwiftUI

// The other way round: the build that observes the recorder is the #else one.
#if os(iOS)
final class Recorder {
    var level = 0.0
}
#else
final class Recorder: ObservableObject {
    @Published var level = 0.0
}
#endif

struct LevelMeter: View {
    @ObservedObject var recorder: Recorder

    var body: some View {
        Text("\(recorder.level)")
    }
}
