import SwiftUI
import Combine

/// No class names ViewModel, but every ObservableObject satisfies it: Row observes
/// SessionTimer through it. ViewModel stays, so Row keeps its wrapper, and SessionTimer must
/// stay an ObservableObject for Row(model:) to compile.
typealias ViewModel = ObservableObject & AnyObject

final class SessionTimer: ObservableObject {
    @Published var seconds = 0
}

struct Row<Model: ViewModel>: View {
    @ObservedObject var model: Model
    let label: (Model) -> String

    var body: some View {
        Text(label(model))
    }
}

struct Dashboard: View {
    @StateObject private var timer = SessionTimer()

    var body: some View {
        Row(model: timer) { "\($0.seconds) s" }
    }
}
