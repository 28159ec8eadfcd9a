import SwiftUI
import Combine

/// A base class held by several subclasses names the first of them by name, the same on every
/// run (the map of models is walked in name order).
class ScreenModel: ObservableObject {
    @Published var isLoading = false
}

final class SearchModel: ScreenModel {
    @Published var query = ""
    private var subscriptions = Set<AnyCancellable>()
    override init() {
        super.init()
        $query.sink { _ in }.store(in: &subscriptions)
    }
}

final class FeedModel: ScreenModel {
    @Published var items: [String] = []
    private var subscriptions = Set<AnyCancellable>()
    override init() {
        super.init()
        $items.sink { _ in }.store(in: &subscriptions)
    }
}

final class DetailModel: ScreenModel {
    @Published var title = ""
    private var subscriptions = Set<AnyCancellable>()
    override init() {
        super.init()
        $title.sink { _ in }.store(in: &subscriptions)
    }
}

final class ProfileModel: ScreenModel {
    @Published var name = ""
}

struct SearchScreen: View {
    @StateObject private var model = SearchModel()
    var body: some View { Text(model.query) }
}
