import SwiftUI

private final class VM: ObservableObject {
    @Published var unread = 0
}

struct InboxView: View {
    @StateObject private var vm = VM()
    var body: some View { Text("\(vm.unread)") }
}
