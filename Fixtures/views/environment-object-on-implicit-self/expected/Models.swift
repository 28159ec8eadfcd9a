import SwiftUI

@Observable final class Session {
    var userName = ""

    static let shared = Session()
}

@Observable final class Theme {
    var tint: Color = .blue
}
