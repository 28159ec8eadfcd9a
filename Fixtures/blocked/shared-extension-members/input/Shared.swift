import SwiftUI

extension ObservableObject {
    func debugName() -> String { String(describing: type(of: self)) }
}

final class Clock: ObservableObject {
    @Published var now = 0
}

struct ClockView: View {
    @ObservedObject var clock: Clock
    var body: some View { Text(clock.debugName()) }
}
