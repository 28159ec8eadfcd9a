import Combine
import Foundation

final class Editor: ObservableObject {
    @Published var tabs: [String] = []
}

final class EditorManager: ObservableObject {
    @Published var activeEditor = Editor()
}

/// Publishes tabs too: an untyped `editor.$tabs` would have held it as well.
final class Browser: ObservableObject {
    @Published var tabs: [Int] = []
}

final class WindowController {
    private var cancellables = Set<AnyCancellable>()
    private(set) var counts: [Int] = []

    /// `editor` is the output of `$activeEditor`: an Editor.
    func listen(to manager: EditorManager?) {
        manager?.$activeEditor
            .removeDuplicates(by: ===)
            .flatMap({ editor in editor.$tabs })
            .sink { [weak self] tabs in self?.counts.append(tabs.count) }
            .store(in: &cancellables)
    }
}
