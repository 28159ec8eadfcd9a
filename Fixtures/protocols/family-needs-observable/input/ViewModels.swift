import Combine

/// Screens are generic over these: the family migrates as one.
protocol ListViewModel: ObservableObject {
    var titles: [String] { get }
    var query: String { get set }
}

protocol DetailViewModel: ListViewModel {
    var selected: String? { get }
}

final class FeedModel: ListViewModel {
    @Published var titles: [String] = []
    @Published var query = ""
}

final class ArticleModel: DetailViewModel {
    @Published var titles: [String] = []
    @Published var query = ""
    @Published var selected: String?
}
