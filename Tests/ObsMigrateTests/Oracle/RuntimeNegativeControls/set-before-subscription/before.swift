import Combine

// A set in the initializer before the subscription: no sink sees it.
final class Prefs: ObservableObject {
    @Published var scale: Double = 1
    var saves = 0
    private var bag = Set<AnyCancellable>()

    init(stored: Double) {
        scale = stored
        $scale.dropFirst().sink { [weak self] _ in self?.saves += 1 }.store(in: &bag)
    }
}
