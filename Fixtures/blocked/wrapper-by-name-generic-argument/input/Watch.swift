import SwiftUI

final class Feed: ObservableObject {
    @Published var count = 0
}

/// `ObservedObject` by name, with an argument of a generic type: any model may be behind it,
/// so none migrates (an @Observable one would not satisfy ObservedObject).
func watch<M: ObservableObject>(_ model: M) -> ObservedObject<M> {
    let observed = ObservedObject(wrappedValue: model)
    return observed
}

struct FeedView: View {
    @StateObject private var feed = Feed()
    var body: some View { Text("\(feed.count)") }
}
