import Combine
import Foundation

/// `assign(to: &$progress)`: Published kept the subscription as long as the object and set the
/// value without the property's observers (it has none here). Under @Observable it becomes a
/// subscription kept in a set of the object's, setting `progress`, and `$progress` a publisher
/// of its own.
final class Download: ObservableObject {
    @Published private(set) var progress: Double = 0
    @Published var label: String = ""
    var log: [String] = []
    private var cancellables = Set<AnyCancellable>()

    init(source: PassthroughSubject<Double, Never>) {
        source.assign(to: &$progress)
        source.map { "\(Int($0 * 100))%" }.assign(to: &self.$label)
        $progress
            .sink { [weak self] value in self?.log.append("progress \(value) while \(self?.progress ?? -1)") }
            .store(in: &cancellables)
    }
}
