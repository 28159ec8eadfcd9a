import Combine
import SwiftUI

@Observable final class DrawerPresenter {
    var isOpen = false
    func present() { isOpen = true }
}

@Observable final class UploadController {
    var uploads: [String] = []
}

@Observable final class FormModel {
    var name = ""
}

final class Tracker: ObservableObject {
    @Published var count = 0
}

struct DrawerHost: View {
    @State private var presenter = DrawerPresenter()

    var body: some View {
        Text(presenter.isOpen ? "open" : "closed")
            .environment(presenter)
    }
}

final class Session: ObservableObject {
    @Published var user = "guest"
}
