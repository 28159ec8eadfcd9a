import Combine
import SwiftUI

extension Publishers {
    static var heightPublisher: AnyPublisher<Double, Never> { Just(0).eraseToAnyPublisher() }
}

/// Fed by `Publishers.heightPublisher`, another type's member with the name its bridge takes:
/// no clash, so `$height`, read from a view, becomes `heightPublisher`.
final class KeyboardObserver: ObservableObject {
    @Published private(set) var height: Double = 0
    private var subscription: AnyCancellable?

    init() {
        subscription = Publishers.heightPublisher
            .sink(receiveValue: { [weak self] value in
                self?.height = value
            })
    }
}

struct KeyboardPadding: View {
    @StateObject private var keyboard = KeyboardObserver()
    @State private var padding: Double = 0

    var body: some View {
        Color.clear
            .frame(height: padding)
            .onReceive(keyboard.$height.receive(on: DispatchQueue.main)) { padding = $0 }
    }
}
