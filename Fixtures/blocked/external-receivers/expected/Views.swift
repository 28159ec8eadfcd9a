import SwiftUI

struct InboxBadge: View {
    var inbox: Inbox
    @State private var flash = false

    var body: some View {
        Text("\(inbox.unread)")
            .onReceive(inbox.unreadPublisher) { _ in flash.toggle() }
    }
}

struct ClockFace: View {
    var clock: Clock
    var body: some View { Text("\(clock.seconds)") }
}
