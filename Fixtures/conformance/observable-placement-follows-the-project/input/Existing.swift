import Observation

/// Already migrated, with the attribute on a line of its own: the project's style.
@Observable
final class Session {
    var user = ""
}

@Observable
class Preferences {
    var dark = false
}
