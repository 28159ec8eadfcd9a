import SwiftUI

struct InboxView: View {
    @State private var inbox = Inbox()
    @ObservedObject var settings: Settings
    let page: Page

    var body: some View {
        VStack {
            Text(inbox[0])
            Text(page[0])
            Toggle("Ascending", isOn: $settings.sortAscending)
        }
    }
}
