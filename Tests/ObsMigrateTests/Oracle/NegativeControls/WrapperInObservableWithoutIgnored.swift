// expect-error: invalid redeclaration of synthesized property '_volume'
// A property wrapper inside an @Observable class needs @ObservationIgnored.
import SwiftUI

@Observable
final class Preferences {
    @AppStorage("volume") var volume = 0.5
}
