import Combine
import Foundation

/// An actor is never a model (only classes migrate): its `$isConnected` is its own.
actor Channel: ObservableObject {
    @Published private(set) var isConnected = false

    init(peer: String) {}

    func connect() {
        isConnected = true
    }
}

final class ConnectionManager: ObservableObject {
    @Published private(set) var isConnected = false
    private var cancellables = Set<AnyCancellable>()

    func register(peer: String) async {
        let channel = Channel(
            peer: peer
        )
        await channel.$isConnected
            .removeDuplicates()
            .receive(on: DispatchQueue.main)
            .sink { [weak self] isConnected in
                self?.isConnected = isConnected
            }
            .store(in: &cancellables)
        await channel.connect()
    }
}
