import SwiftUI
@Observable final class AppModel {
    var n = 0
}
struct RootView: View {
    @State var model = AppModel()
    var body: some View { Text("\(model.n)") }
}
