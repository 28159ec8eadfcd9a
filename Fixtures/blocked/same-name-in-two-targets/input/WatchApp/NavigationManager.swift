import SwiftUI

class NavigationManager: ObservableObject {
    @Published var currentInterface = "home"
}

struct InterfaceView: View {
    @EnvironmentObject var navigationModel: NavigationManager

    var body: some View {
        Text(navigationModel.currentInterface)
    }
}
