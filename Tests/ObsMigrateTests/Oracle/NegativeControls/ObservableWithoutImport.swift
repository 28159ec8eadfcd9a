// expect-error: unknown attribute 'Observable'
// Foundation does not export the @Observable macro: the file must import Observation (or SwiftUI).
import Foundation

@Observable
final class CounterModel {
    var count = 0
}
