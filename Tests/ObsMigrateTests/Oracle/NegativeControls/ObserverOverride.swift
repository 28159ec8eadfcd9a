// expect-error: init accessor cannot refer to property '_revision'
// A model subclass overriding a property only to add observers keeps ObservableObject
// (Fixtures/blocked/stored-property-shapes): @Observable would make the override tracked storage.
import Observation

@Observable class Document {
    var revision = 0
}

@Observable final class Note: Document {
    override var revision: Int {
        didSet { print(revision) }
    }
}
