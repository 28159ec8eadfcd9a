import Combine
import Foundation

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

final class ReaderStore: ObservableObject {
    @Published var document = DocumentState.empty
    @Published var layout = Layout.standard
}

final class ThemeStore: ObservableObject {
    // An optional: the static member's type is not the type's own, so the publisher's is not told.
    @Published var palette = Palette.shared
}
