// expect-error: init accessor cannot refer to property '_revision'
// A model subclass overriding a property only to add observers needs @ObservationIgnored once
// @Observable (Fixtures/conformance/observer-override): the macro would make it tracked storage.
import Observation

@Observable class Document {
    var revision = 0
}

@Observable final class Note: Document {
    override var revision: Int {
        didSet { print(revision) }
    }
}
