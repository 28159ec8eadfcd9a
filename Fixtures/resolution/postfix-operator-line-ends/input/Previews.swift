import SwiftUI

struct TimelineView: View {
    @ObservedObject var events: EventHolder
    var body: some View { Text("\(events.events.count)") }
}

struct TimelineView_Previews: PreviewProvider {
    @StateObject static var events = test_holder
    static var previews: some View {
        TimelineView(events: events)
    }
}
