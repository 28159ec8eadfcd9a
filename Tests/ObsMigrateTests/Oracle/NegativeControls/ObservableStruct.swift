// expect-error: '@Observable' cannot be applied to struct type 'Settings'
// @Observable only applies to classes.
import Observation

@Observable
struct Settings {
    var volume = 0.5
}
