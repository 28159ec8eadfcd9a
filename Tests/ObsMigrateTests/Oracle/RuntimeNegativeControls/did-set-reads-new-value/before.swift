import Combine

// The sink runs before the property changes: reading it there gives the old value.
final class Prefs: ObservableObject {
    @Published var scale: Double = 1
    private var bag = Set<AnyCancellable>()

    init() {
        $scale.dropFirst().sink { [weak self] new in self?.report(new) }.store(in: &bag)
    }

    func report(_ new: Double) { print("from \(scale) to \(new)") }
}
