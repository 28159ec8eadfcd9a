// expect-error: instance method 'environment' requires that 'AppModel' conform to 'Observable'
// .environment(_:) (object form) requires an @Observable class, not an ObservableObject.
import SwiftUI

final class AppModel: ObservableObject {
    @Published var title = ""
}

struct RootView: View {
    @StateObject private var model = AppModel()

    var body: some View {
        Text("Root")
            .environment(model)
    }
}
