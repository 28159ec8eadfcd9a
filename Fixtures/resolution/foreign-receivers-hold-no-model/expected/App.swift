import Combine
import SwiftUI
import RichTextKit  // another module: RichTextEditorModel is an ObservableObject declared there

@Observable final class Draft {
    var isEmpty = true
}

@Observable final class Session {
    var user = ""
}

/// Not a model: it listens to another module's ObservableObject, which no model here can be.
final class ComposerCoordinator {
    private let editor: RichTextEditorModel
    private var cancellables = Set<AnyCancellable>()

    init(editor: RichTextEditorModel) {
        self.editor = editor
        editor.objectWillChange
            .sink { _ in print("changed") }
            .store(in: &cancellables)
        self.editor.$isEmpty
            .sink { print($0) }
            .store(in: &cancellables)
    }

    func attach(_ module: Any) {
        if let other = module as? RichTextEditorModel {
            other.objectWillChange.send()
        }
    }
}

struct DraftView: View {
    @State private var draft = Draft()
    @Environment(Session.self) var session

    var body: some View {
        Text(session.user + (draft.isEmpty ? "" : "…"))
    }
}
