import SwiftUI

@Observable
struct Settings {
    var enabled = false
}
