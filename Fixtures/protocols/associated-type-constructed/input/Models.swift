import Combine
import Foundation

protocol CounterViewModel: ObservableObject {
    var count: Int { get }
    init()
    func increment()
}

final class CounterViewModelImpl: CounterViewModel {
    @Published private(set) var count = 0
    init() {}
    func increment() { count += 1 }
}

final class CounterViewModelMock: CounterViewModel {
    @Published private(set) var count = 42
    init() {}
    func increment() {}
}

/// The app model names the view model's type; code only constructs it (`AM.CVM()`), handing
/// it to a view generic over the family, so the family can migrate with the constraint kept.
protocol AppModel: ObservableObject {
    associatedtype CVM: CounterViewModel
    var title: String { get }
}

final class AppModelImpl: AppModel {
    typealias CVM = CounterViewModelImpl
    @Published var title = "Counter"
}

final class AppModelMock: AppModel {
    typealias CVM = CounterViewModelMock
    @Published var title = "Preview"
}
