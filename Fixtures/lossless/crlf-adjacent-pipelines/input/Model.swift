import Combine
final class M: ObservableObject {
    @Published var x = 0
    @Published var z = 0
    var y = 0
    private var c = Set<AnyCancellable>()
    init() {
        $x.dropFirst().sink { [weak self] v in self?.y = v }.store(in: &c)
        $z.dropFirst().sink { [weak self] v in self?.y = v }.store(in: &c)
    }
}
