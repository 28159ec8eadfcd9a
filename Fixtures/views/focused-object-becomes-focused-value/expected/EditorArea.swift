import SwiftUI

struct EditorArea: View {
    @State private var editor = Editor()
    @State private var terminal = Terminal()
    @StateObject private var inspector = Inspector()
    @StateObject private var pane = Pane<String>()
    var draft: Draft?

    var body: some View {
        VStack {
            Text(editor.text)
                .focusedSceneValue(\.editor, editor)
            Text("\(terminal.lines.count)")
                .focusedValue(\.terminal, terminal)
            Text(inspector.isShown ? "shown" : "hidden")
                .focusedObject(inspector)
            Text(pane.content ?? "")
                .focusedObject(pane)
            Text(draft?.text ?? "")
                .focusedSceneObject(draft)
        }
    }
}

struct EditorFocusedValueKey: FocusedValueKey {
    typealias Value = Editor
}

extension FocusedValues {
    var editor: Editor? {
        get { self[EditorFocusedValueKey.self] }
        set { self[EditorFocusedValueKey.self] = newValue }
    }
}

struct TerminalFocusedValueKey: FocusedValueKey {
    typealias Value = Terminal
}

extension FocusedValues {
    var terminal: Terminal? {
        get { self[TerminalFocusedValueKey.self] }
        set { self[TerminalFocusedValueKey.self] = newValue }
    }
}
