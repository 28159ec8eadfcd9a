import Combine
import SwiftUI

final class Editor: ObservableObject {
    @Published var text = ""
}

/// Forwards its editor's changes: with both @Observable, a view reading `workspace.editor.text`
/// is updated without these subscriptions. The send in `reload` forwards nothing.
final class Workspace: ObservableObject {
    @Published var editor = Editor()
    var isDirty = false
    private var cancellables = Set<AnyCancellable>()

    init() {
        editor.objectWillChange
            .sink { [weak self] _ in self?.objectWillChange.send() }
            .store(in: &cancellables)
        editor.$text
            .sink(receiveValue: { [weak self] _ in
                self?.objectWillChange.send()
            })
            .store(in: &cancellables)
    }

    func reload() {
        objectWillChange.send()
        isDirty = false
    }
}
