import Combine
import SwiftUI

/// Generic types whose parameter must be an ObservableObject: a model named among their
/// generic arguments, with no call (a type annotation, a typealias), stays one.
struct WeakBox<T: ObservableObject> {
    weak var value: T?
}

struct Row<M: ObservableObject>: View {
    @ObservedObject var model: M
    var body: some View { Text("row") }
}
