import SwiftUI
final class AppModel: ObservableObject {
    @Published var n = 0
}
struct RootView: View {
    @StateObject var model = AppModel()
    var body: some View { Text("\(model.n)") }
}
