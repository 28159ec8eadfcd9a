// expect-error: 'lazy' cannot be used on a computed property
// The @Observable macro cannot rewrite a `lazy var` into a tracked property.
import Foundation
import Observation

@Observable
final class FeedModel {
    lazy var formatter = DateFormatter()
    var items: [String] = []
}
