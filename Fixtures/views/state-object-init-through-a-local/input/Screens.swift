import SwiftUI

final class Detail: ObservableObject {
    @Published var title = ""
    init(id: Int) {}
}

final class Search: ObservableObject {
    @Published var query = ""
}

final class Settings: ObservableObject {
    @Published var dark = false
}

/// The wrapper is made in a local and then stored: the local changes type with the property.
struct DetailScreen: View {
    @StateObject private var model: Detail
    @StateObject private var settings = Settings()

    init(id: Int) {
        let model = StateObject(
            wrappedValue: Detail(
                id: id
            )
        )
        _model = model
    }

    var body: some View { Text(model.title + (settings.dark ? "!" : "")) }
}

/// Used again after it is stored, the local stays a StateObject: only Search, the type of
/// its argument, keeps ObservableObject for it.
struct SearchScreen: View {
    @StateObject private var search: Search

    init() {
        let wrapper = StateObject(wrappedValue: Search())
        _search = wrapper
        debugPrint(wrapper)
    }

    var body: some View { Text(search.query) }
}
