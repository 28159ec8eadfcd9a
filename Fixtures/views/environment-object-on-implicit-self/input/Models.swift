import SwiftUI

final class Session: ObservableObject {
    @Published var userName = ""

    static let shared = Session()
}

final class Theme: ObservableObject {
    @Published var tint: Color = .blue
}
