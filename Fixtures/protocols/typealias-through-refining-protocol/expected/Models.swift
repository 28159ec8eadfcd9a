import Foundation
import Combine
import Observation

typealias ModelDefinition = AnyObject & Observable & Identifiable

/// What every screen's model offers: the generic screen reads and edits these.
protocol ScreenModel: ModelDefinition {
    var title: String { get }
    var query: String { get set }
}

@Observable final class HomeModel: ScreenModel {
    let id = UUID()
    var title = "Home"
    var query = ""
}

@Observable final class LibraryModel: ScreenModel {
    let id = UUID()
    var title = "Library"
    var query = ""
    var books: [String] = []
}
