import Combine

/// Any view model; the generic views below take one.
typealias ViewModel = ObservableObject & AnyObject

protocol Counting {
    var count: Int { get }
}

final class CartModel: ViewModel, Counting {
    @Published var count = 0
    @Published var items: [String] = []
}

final class InboxModel: ViewModel, Counting {
    @Published var count = 0
}
