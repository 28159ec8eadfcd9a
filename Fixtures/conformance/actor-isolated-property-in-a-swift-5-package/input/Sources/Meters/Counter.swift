import Combine
import Foundation

/// A main-actor property in a class that is not, initialized by the default initializer: in the
/// Swift 6 language mode that would not compile once the class is @Observable, but this package
/// builds in Swift 5 (tools 5.9), where it does: Counter migrates (compare
/// blocked/actor-isolated-tracked-property).
public final class Counter: ObservableObject {
    @MainActor @Published public var count = 0
}
