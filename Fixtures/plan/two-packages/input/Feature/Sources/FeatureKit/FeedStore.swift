import Combine
import CoreKit

public final class FeedStore: BaseStore {
    @Published public var page = 0
}
