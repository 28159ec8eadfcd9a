import SwiftUI

/// Reads the focused scene's editor and terminal, as menu commands do.
struct StatusBar: View {
    @FocusedObject private var editor: Editor?
    @FocusedObject var terminal: Terminal?
    @FocusedObject var inspector: Inspector?

    var body: some View {
        HStack {
            Text("\(editor?.selection ?? 0)")
            Text("\(terminal?.lines.last ?? "")")
            Text(inspector?.isShown == true ? "inspector" : "")
        }
    }
}

struct InspectorVisibilityKey: FocusedValueKey {
    typealias Value = Bool
}

extension FocusedValues {
    var inspector: Bool? {
        get { self[InspectorVisibilityKey.self] }
        set { self[InspectorVisibilityKey.self] = newValue }
    }
}
