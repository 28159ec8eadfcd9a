import SwiftUI

@Observable
final class HalfDone: ObservableObject {
    var count = 0
}

@Observable
struct Settings {
    var enabled = false
}
