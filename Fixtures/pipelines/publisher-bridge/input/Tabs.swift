import Combine

/// Its first tab is given through `_selectedTab` in the initializer, before anything can
/// subscribe: `_selectedTab = first` sets the storage, and the subject, made on first use,
/// starts from it.
final class TabsModel: ObservableObject {
    @Published var selectedTab: String

    init(tabs: [String]) {
        _selectedTab = .init(initialValue: tabs.first ?? "none")
    }
}

final class TabsLog {
    private(set) var lines: [String] = []
    private var subscription: AnyCancellable?

    init(model: TabsModel) {
        subscription = model.$selectedTab.sink { [weak self] in self?.lines.append("tab \($0)") }
    }
}
