import SwiftUI

struct InboxBadge: View {
    @ObservedObject var inbox: Inbox
    @State private var flash = false

    var body: some View {
        Text("\(inbox.unread)")
            .onReceive(inbox.$unread) { _ in flash.toggle() }
    }
}

struct ClockFace: View {
    var clock: Clock
    var body: some View { Text("\(clock.seconds)") }
}
