import CoreData
import Observation

// Marked @Observable, but an ObservableObject through Core Data: its attributes change
// through objectWillChange, which Observation does not see.
@Observable
public class Item: NSManagedObject {
    public var title: String?
}

class Entity: NSManagedObject {}

@Observable class Tag: Entity {
    var name = ""
}

// A managed object that never was marked @Observable: left alone, with the reason.
public class Note: NSManagedObject {
    public var text = ""
}

// An ObservableObject of the project's own: it migrates, and its views follow.
final class Cart: ObservableObject {
    @Published var count = 0
}
