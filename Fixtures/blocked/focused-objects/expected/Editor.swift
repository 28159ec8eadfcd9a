import SwiftUI

/// Published to the focus system with .focusedSceneObject and read with @FocusedObject, both
/// of which take an ObservableObject: Document stays, for a person to move it to a
/// FocusedValues entry with .focusedSceneValue and @FocusedValue.
final class Document: ObservableObject {
    @Published var text = ""
}

@Observable final class Outline {
    var headings: [String] = []
}

struct EditorView: View {
    @StateObject private var document = Document()
    @State private var outline = Outline()

    var body: some View {
        Text(document.text + outline.headings.joined())
            .focusedSceneObject(document)
    }
}

struct WordCount: View {
    @FocusedObject var document: Document?

    var body: some View {
        Text("\(document?.text.count ?? 0)")
    }
}
