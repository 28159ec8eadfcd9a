import Combine
import Foundation
import Observation

@Observable final class Editor {
    var tabs: [String] = [] {
        willSet {
            tabsSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var tabsSubject = CurrentValueSubject<[String], Never>(tabs)
    var tabsPublisher: AnyPublisher<[String], Never> { tabsSubject.eraseToAnyPublisher() }
}

@Observable final class EditorManager {
    var activeEditor = Editor() {
        willSet {
            activeEditorSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var activeEditorSubject = CurrentValueSubject<Editor, Never>(activeEditor)
    var activeEditorPublisher: AnyPublisher<Editor, Never> { activeEditorSubject.eraseToAnyPublisher() }
}

/// Publishes tabs too: an untyped `editor.$tabs` would have held it as well.
@Observable final class Browser {
    var tabs: [Int] = []
}

final class WindowController {
    private var cancellables = Set<AnyCancellable>()
    private(set) var counts: [Int] = []

    /// `editor` is the output of `$activeEditor`: an Editor.
    func listen(to manager: EditorManager?) {
        manager?.activeEditorPublisher
            .removeDuplicates(by: ===)
            .flatMap({ editor in editor.tabsPublisher })
            .sink { [weak self] tabs in self?.counts.append(tabs.count) }
            .store(in: &cancellables)
    }
}
