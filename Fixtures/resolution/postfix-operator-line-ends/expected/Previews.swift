import SwiftUI

struct TimelineView: View {
    var events: EventHolder
    var body: some View { Text("\(events.events.count)") }
}

struct TimelineView_Previews: PreviewProvider {
    @State static var events = test_holder
    static var previews: some View {
        TimelineView(events: events)
    }
}
