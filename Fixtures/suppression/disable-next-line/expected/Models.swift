import SwiftUI

final class Keep: ObservableObject {
    // obs-migrate:disable-next-line OBS102
    @Published var value = 0
}

@Observable final class Move {
    var value = 0
}

struct V: View {
    @StateObject private var keep = Keep()
    @State private var move = Move()
    var body: some View { Text("\(keep.value) \(move.value)") }
}
