import Combine
import Foundation
import Observation

/// A tracked property named in backquotes: the @Observable macro's expansion of it does not
/// parse, so Settings keeps ObservableObject, with the reason.
final class Settings: ObservableObject {
    @Published var `default` = false
    var name = ""
}

/// Backquoted names the macro leaves alone (a `let`, a `lazy var`, which gets @ObservationIgnored,
/// a computed one): Options migrates.
@Observable final class Options {
    var level = 0
    let `class` = "options"
    @ObservationIgnored lazy var `extension` = "swift"
    var `self2`: Int { level }
}
