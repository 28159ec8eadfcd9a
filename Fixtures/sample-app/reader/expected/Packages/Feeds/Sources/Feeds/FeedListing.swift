import Foundation
import Core
import Observation

/// What every feed screen lists; the screens are generic over it.
public protocol FeedListing: AnyObject, Observable {
    var title: String { get }
    var items: [String] { get }
    var filter: String { get set }
    func reload() async
}

@Observable public final class ArticlesModel: FeedListing {
    public let title = "Articles"
    public var items: [String] = []
    public var filter = ""

    public init() {}

    public func reload() async {
        items = ["Observation in practice", "Migrating a large app"]
    }
}

@Observable public final class PodcastsModel: FeedListing {
    public let title = "Podcasts"
    public var items: [String] = []
    public var filter = ""
    @ObservationIgnored lazy var formatter = DateFormatter()

    public init() {}

    public func reload() async {
        items = ["Episode 1"]
    }
}
