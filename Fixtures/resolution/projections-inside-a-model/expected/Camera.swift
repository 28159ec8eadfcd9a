import SwiftUI
import Combine

/// A plain class with @Published properties, not an ObservableObject: its `$flag` publishers
/// are its own, so the model that subscribes to them migrates.
final class CameraService {
    @Published var isRecording = false
}

@Observable final class CameraModel {
    private let service = CameraService()
    var isRecording = false
    private var subscriptions = Set<AnyCancellable>()

    init() {
        service.$isRecording.sink { [weak self] value in
            self?.isRecording = value
        }
        .store(in: &subscriptions)
    }
}

/// Inside the model, another instance's `$value` is a publisher of the model all the same:
/// it becomes `valuePublisher` too.
@Observable final class Node {
    var value = 0 {
        willSet {
            valueSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var valueSubject = CurrentValueSubject<Int, Never>(value)
    var valuePublisher: AnyPublisher<Int, Never> { valueSubject.eraseToAnyPublisher() }
    private var subscriptions = Set<AnyCancellable>()

    func follow(_ other: Node) {
        other.valuePublisher.sink { [weak self] v in self?.value = v }.store(in: &subscriptions)
    }
}

struct CameraView: View {
    @State private var camera = CameraModel()
    @State private var node = Node()

    var body: some View {
        Text("\(camera.isRecording) \(node.value)")
    }
}
