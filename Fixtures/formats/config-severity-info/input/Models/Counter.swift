import Foundation

final class Counter: ObservableObject {
    @Published var value = 0
}
