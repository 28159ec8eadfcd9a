import SwiftUI

/// The team's policy (.obs-migrate.json) is to migrate only once the app requires iOS 18.
final class TimerModel: ObservableObject {
    @Published var seconds = 0
}

struct TimerView: View {
    @StateObject private var model = TimerModel()
    var body: some View { Text("\(model.seconds)") }
}
