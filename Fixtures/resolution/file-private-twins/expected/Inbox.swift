import SwiftUI

@Observable private final class VM {
    var unread = 0
}

struct InboxView: View {
    @State private var vm = VM()
    var body: some View { Text("\(vm.unread)") }
}
