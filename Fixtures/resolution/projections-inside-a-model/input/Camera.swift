import SwiftUI
import Combine

/// A plain class with @Published properties, not an ObservableObject: its `$flag` publishers
/// are its own, so the model that subscribes to them migrates.
final class CameraService {
    @Published var isRecording = false
}

final class CameraModel: ObservableObject {
    private let service = CameraService()
    @Published var isRecording = false
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
final class Node: ObservableObject {
    @Published var value = 0
    private var subscriptions = Set<AnyCancellable>()

    func follow(_ other: Node) {
        other.$value.sink { [weak self] v in self?.value = v }.store(in: &subscriptions)
    }
}

struct CameraView: View {
    @StateObject private var camera = CameraModel()
    @StateObject private var node = Node()

    var body: some View {
        Text("\(camera.isRecording) \(node.value)")
    }
}
