import Foundation
import Combine

typealias ModelDefinition = ObservableObject & Identifiable

/// What every screen's model offers: the generic screen reads and edits these.
protocol ScreenModel: ModelDefinition {
    var title: String { get }
    var query: String { get set }
}

final class HomeModel: ScreenModel {
    let id = UUID()
    @Published var title = "Home"
    @Published var query = ""
}

final class LibraryModel: ScreenModel {
    let id = UUID()
    @Published var title = "Library"
    @Published var query = ""
    @Published var books: [String] = []
}
