import Combine
import Foundation
import Observation

/// `assign(to: &$progress)`: Published kept the subscription as long as the object and set the
/// value without the property's observers (it has none here). Under @Observable it becomes a
/// subscription kept in a set of the object's, setting `progress`, and `$progress` a publisher
/// of its own.
@Observable final class Download {
    private(set) var progress: Double = 0 {
        willSet {
            progressSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var progressSubject = CurrentValueSubject<Double, Never>(progress)
    var progressPublisher: AnyPublisher<Double, Never> { progressSubject.eraseToAnyPublisher() }
    @ObservationIgnored private var progressAssignments = Set<AnyCancellable>()
    var label: String = ""
    @ObservationIgnored private var labelAssignments = Set<AnyCancellable>()
    var log: [String] = []
    private var cancellables = Set<AnyCancellable>()

    init(source: PassthroughSubject<Double, Never>) {
        source.sink { [weak self] in self?.progress = $0 }.store(in: &progressAssignments)
        source.map { "\(Int($0 * 100))%" }.sink { [weak self] in self?.label = $0 }.store(in: &labelAssignments)
        progressPublisher
            .sink { [weak self] value in self?.log.append("progress \(value) while \(self?.progress ?? -1)") }
            .store(in: &cancellables)
    }
}
