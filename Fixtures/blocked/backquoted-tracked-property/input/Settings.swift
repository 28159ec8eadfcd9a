import Combine
import Foundation

/// A tracked property named in backquotes: the @Observable macro's expansion of it does not
/// parse, so Settings keeps ObservableObject, with the reason.
final class Settings: ObservableObject {
    @Published var `default` = false
    var name = ""
}

/// Backquoted names the macro leaves alone (a `let`, a `lazy var`, which gets @ObservationIgnored,
/// a computed one): Options migrates.
final class Options: ObservableObject {
    @Published var level = 0
    let `class` = "options"
    lazy var `extension` = "swift"
    var `self2`: Int { level }
}
