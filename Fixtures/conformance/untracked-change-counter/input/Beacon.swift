import SwiftUI

/// A view generic over its protocol family holds it: it reads only a stored property (and the
/// time), so no counter would tell it of a send, and the family stays.
protocol Beacon: ObservableObject {
    var signal: Int { get }
}

final class Lighthouse: Beacon {
    @Published var signal = 0
    var label: String { "\(signal) flashes" }

    func flash() {
        objectWillChange.send()
    }
}

struct BeaconView<B: Beacon>: View {
    @ObservedObject var beacon: B

    var body: some View {
        Text("\(beacon.signal) at \(Date())")
    }
}
