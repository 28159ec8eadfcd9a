import SwiftUI

@Observable private final class VM {
    var pending = 0
}

struct OutboxView: View {
    @State private var vm = VM()
    var body: some View { Text("\(vm.pending)") }
}
