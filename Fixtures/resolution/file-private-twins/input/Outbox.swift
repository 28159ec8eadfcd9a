import SwiftUI

private final class VM: ObservableObject {
    @Published var pending = 0
}

struct OutboxView: View {
    @StateObject private var vm = VM()
    var body: some View { Text("\(vm.pending)") }
}
