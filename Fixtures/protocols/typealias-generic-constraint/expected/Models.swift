import Combine
import Observation

/// Any view model; the generic views below take one.
typealias ViewModel = Observable & AnyObject

protocol Counting {
    var count: Int { get }
}

@Observable final class CartModel: ViewModel, Counting {
    var count = 0
    var items: [String] = []
}

@Observable final class InboxModel: ViewModel, Counting {
    var count = 0
}
