import Foundation

final class Counter: ObservableObject {
    @Published
    var count = 0
}