import Combine
import Foundation
import Observation

@Observable final class Editor {
    var text = ""
    var selection = 0
}

@Observable final class Terminal {
    var lines: [String] = []
}

/// Negative control: the project already declares the FocusedValues entry `inspector` would
/// get (for another value), so Inspector keeps ObservableObject and its focused sites stay.
final class Inspector: ObservableObject {
    @Published var isShown = false
}

/// Negative control: a generic model, which one FocusedValues entry cannot name: it stays.
final class Pane<Content>: ObservableObject {
    @Published var content: Content?
}

/// Negative control: published to the scene from an optional property, which
/// .focusedSceneValue does not take (no optional form): Draft stays.
final class Draft: ObservableObject {
    @Published var text = ""
}
