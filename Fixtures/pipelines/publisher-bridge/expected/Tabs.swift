import Combine
import Observation

/// Its first tab is given through `_selectedTab` in the initializer, before anything can
/// subscribe: `_selectedTab = first` sets the storage, and the subject, made on first use,
/// starts from it.
@Observable final class TabsModel {
    var selectedTab: String {
        willSet {
            selectedTabSubject.send(newValue)
        }
    }
    @ObservationIgnored private lazy var selectedTabSubject = CurrentValueSubject<String, Never>(selectedTab)
    var selectedTabPublisher: AnyPublisher<String, Never> { selectedTabSubject.eraseToAnyPublisher() }

    init(tabs: [String]) {
        _selectedTab = tabs.first ?? "none"
    }
}

final class TabsLog {
    private(set) var lines: [String] = []
    private var subscription: AnyCancellable?

    init(model: TabsModel) {
        subscription = model.selectedTabPublisher.sink { [weak self] in self?.lines.append("tab \($0)") }
    }
}
