import SwiftUI

/// Published to the focus system with .focusedSceneObject and read with @FocusedObject, both
/// of which take an ObservableObject: with Document's migration, a FocusedValues entry declared
/// at the end of this file carries it, through .focusedSceneValue and @FocusedValue.
@Observable final class Document {
    var text = ""
}

@Observable final class Outline {
    var headings: [String] = []
}

struct EditorView: View {
    @State private var document = Document()
    @State private var outline = Outline()

    var body: some View {
        Text(document.text + outline.headings.joined())
            .focusedSceneValue(\.document, document)
    }
}

struct WordCount: View {
    @FocusedValue(\.document) var document: Document?

    var body: some View {
        Text("\(document?.text.count ?? 0)")
    }
}

struct DocumentFocusedValueKey: FocusedValueKey {
    typealias Value = Document
}

extension FocusedValues {
    var document: Document? {
        get { self[DocumentFocusedValueKey.self] }
        set { self[DocumentFocusedValueKey.self] = newValue }
    }
}
