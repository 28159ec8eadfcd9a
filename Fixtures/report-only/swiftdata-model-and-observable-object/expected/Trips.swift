import SwiftUI
import SwiftData

/// A SwiftData @Model is Observable through its macro: @Observable cannot be added to it, so
/// the class and its views stay as they are for a person.
@Model
final class Trip: ObservableObject, Identifiable {
    var name: String
    init(name: String) { self.name = name }
}

@Observable final class TripPlanner {
    var draft = ""
}

struct TripRow: View {
    @ObservedObject var trip: Trip
    @State private var planner = TripPlanner()

    var body: some View { Text(trip.name + planner.draft) }
}
