import Combine
import Foundation

/// Negative control: the same shape in a package of tools 6.0, which builds in Swift 6 mode:
/// Gauge keeps ObservableObject, with the reason.
public final class Gauge: ObservableObject {
    @MainActor @Published public var pressure = 0.0
}
