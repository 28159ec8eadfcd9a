// expect-error: instance method 'environmentObject' requires that 'AppModel' conform to 'ObservableObject'
// .environmentObject(_:) requires ObservableObject; an @Observable model goes in .environment(_:).
import SwiftUI

@Observable
final class AppModel {
    var title = ""
}

struct RootView: View {
    @State private var model = AppModel()

    var body: some View {
        Text("Root")
            .environmentObject(model)
    }
}
