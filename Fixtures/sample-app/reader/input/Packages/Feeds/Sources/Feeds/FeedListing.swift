import Foundation
import Core

/// What every feed screen lists; the screens are generic over it.
public protocol FeedListing: ObservableObject {
    var title: String { get }
    var items: [String] { get }
    var filter: String { get set }
    func reload() async
}

public final class ArticlesModel: FeedListing {
    public let title = "Articles"
    @Published public var items: [String] = []
    @Published public var filter = ""

    public init() {}

    public func reload() async {
        items = ["Observation in practice", "Migrating a large app"]
    }
}

public final class PodcastsModel: FeedListing {
    public let title = "Podcasts"
    @Published public var items: [String] = []
    @Published public var filter = ""
    lazy var formatter = DateFormatter()

    public init() {}

    public func reload() async {
        items = ["Episode 1"]
    }
}
