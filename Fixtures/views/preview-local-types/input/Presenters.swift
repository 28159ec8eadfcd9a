import Combine
import SwiftUI

final class DrawerPresenter: ObservableObject {
    @Published var isOpen = false
    func present() { isOpen = true }
}

final class UploadController: ObservableObject {
    @Published var uploads: [String] = []
}

final class FormModel: ObservableObject {
    @Published var name = ""
}

final class Tracker: ObservableObject {
    @Published var count = 0
}

struct DrawerHost: View {
    @StateObject private var presenter = DrawerPresenter()

    var body: some View {
        Text(presenter.isOpen ? "open" : "closed")
            .environmentObject(presenter)
    }
}

final class Session: ObservableObject {
    @Published var user = "guest"
}
