import Combine
import Foundation
import Observation

protocol CounterViewModel: AnyObject {
    var count: Int { get }
    init()
    func increment()
}

@Observable final class CounterViewModelImpl: CounterViewModel {
    private(set) var count = 0
    init() {}
    func increment() { count += 1 }
}

@Observable final class CounterViewModelMock: CounterViewModel {
    private(set) var count = 42
    init() {}
    func increment() {}
}

/// The app model names the view model's type; code only constructs it (`AM.CVM()`), handing
/// it to a view generic over the family, so the family can migrate with the constraint kept.
protocol AppModel: AnyObject, Observable {
    associatedtype CVM: CounterViewModel
    var title: String { get }
}

@Observable final class AppModelImpl: AppModel {
    typealias CVM = CounterViewModelImpl
    var title = "Counter"
}

@Observable final class AppModelMock: AppModel {
    typealias CVM = CounterViewModelMock
    var title = "Preview"
}
