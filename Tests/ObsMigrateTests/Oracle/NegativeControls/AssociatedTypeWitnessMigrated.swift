// expect-error: type 'InboxScreen' does not conform to protocol 'Screen'
// A class that satisfies `associatedtype Model: ObservableObject` must keep ObservableObject
// (Fixtures/blocked/associated-type-witness): migrating it breaks the conformance.
import SwiftUI

protocol Screen {
    associatedtype Model: ObservableObject
    var model: Model { get }
}

@Observable final class InboxStore {
    var unread = 0
}

struct InboxScreen: Screen {
    let model: InboxStore
}
