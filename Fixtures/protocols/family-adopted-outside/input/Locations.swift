import SwiftUI
import CoreData

/// SavedLocation is a Core Data entity: Xcode generates its class from the data model, so no
/// Swift file declares it, and as an NSManagedObject it stays ObservableObject. DetailView must
/// go on observing it, so the family stays.
protocol ObservableLocation: AnyObject, ObservableObject {
    var title: String? { get }
}

extension SavedLocation: ObservableLocation { }

final class TemporaryLocation: ObservableLocation {
    @Published var title: String?
}

struct DetailView<Location: ObservableLocation>: View {
    @ObservedObject var location: Location

    var body: some View {
        Text(location.title ?? "Untitled")
    }
}
