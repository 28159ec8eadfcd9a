import SwiftUI

final class Flags: ObservableObject {
    @Published var on = false
}

struct FlagView: View {
    @StateObject private var flags = Flags()
    var body: some View { Toggle("On", isOn: $flags.on) }
}
