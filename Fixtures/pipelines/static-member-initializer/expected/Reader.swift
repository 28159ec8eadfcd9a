import Combine
import Foundation
import Observation

struct DocumentState: Equatable {
    var title = ""
    var text = ""

    static let empty = DocumentState()
}

struct Layout: Equatable {
    var columns = 1
}

extension Layout {
    static var standard: Layout { Layout(columns: 2) }
}

struct Palette: Equatable {
    var accent = "blue"

    static let shared: Palette? = Palette()
}

@Observable final class ReaderStore {
    var document = DocumentState.empty {
        willSet {
            documentSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var documentSubject = CurrentValueSubject<DocumentState, Never>(document)
    var documentPublisher: AnyPublisher<DocumentState, Never> { documentSubject.eraseToAnyPublisher() }
    var layout = Layout.standard {
        willSet {
            layoutSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var layoutSubject = CurrentValueSubject<Layout, Never>(layout)
    var layoutPublisher: AnyPublisher<Layout, Never> { layoutSubject.eraseToAnyPublisher() }
}

final class ThemeStore: ObservableObject {
    // An optional: the static member's type is not the type's own, so the publisher's is not told.
    @Published var palette = Palette.shared
}
