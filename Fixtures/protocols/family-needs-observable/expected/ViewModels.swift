import Combine
import Observation

/// Screens are generic over these: the family migrates as one.
protocol ListViewModel: AnyObject, Observable {
    var titles: [String] { get }
    var query: String { get set }
}

protocol DetailViewModel: ListViewModel {
    var selected: String? { get }
}

@Observable final class FeedModel: ListViewModel {
    var titles: [String] = []
    var query = ""
}

@Observable final class ArticleModel: DetailViewModel {
    var titles: [String] = []
    var query = ""
    var selected: String?
}
