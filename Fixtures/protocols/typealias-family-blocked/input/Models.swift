import Foundation
import Combine

typealias ModelDefinition = ObservableObject & Identifiable

protocol ScreenModel: ModelDefinition {
    var title: String { get }
}

final class HomeModel: ScreenModel {
    let id = UUID()
    @Published var title = "Home"
}

/// Its $query publisher keeps it on ObservableObject, and with it every class that conforms
/// through ModelDefinition: the typealias and the whole family stay.
final class SearchModel: ModelDefinition {
    let id = UUID()
    @Published var query = ""
    private var bag: Set<AnyCancellable> = []

    init() {
        $query.sink { _ in }.store(in: &bag)
    }
}
