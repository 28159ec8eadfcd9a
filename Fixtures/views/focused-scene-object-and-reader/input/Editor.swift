import SwiftUI

/// Published to the focus system with .focusedSceneObject and read with @FocusedObject, both
/// of which take an ObservableObject: with Document's migration, a FocusedValues entry declared
/// at the end of this file carries it, through .focusedSceneValue and @FocusedValue.
final class Document: ObservableObject {
    @Published var text = ""
}

final class Outline: ObservableObject {
    @Published var headings: [String] = []
}

struct EditorView: View {
    @StateObject private var document = Document()
    @StateObject private var outline = Outline()

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
