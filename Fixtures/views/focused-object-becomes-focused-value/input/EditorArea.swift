import SwiftUI

struct EditorArea: View {
    @StateObject private var editor = Editor()
    @StateObject private var terminal = Terminal()
    @StateObject private var inspector = Inspector()
    @StateObject private var pane = Pane<String>()
    var draft: Draft?

    var body: some View {
        VStack {
            Text(editor.text)
                .focusedSceneObject(editor)
            Text("\(terminal.lines.count)")
                .focusedObject(terminal)
            Text(inspector.isShown ? "shown" : "hidden")
                .focusedObject(inspector)
            Text(pane.content ?? "")
                .focusedObject(pane)
            Text(draft?.text ?? "")
                .focusedSceneObject(draft)
        }
    }
}
