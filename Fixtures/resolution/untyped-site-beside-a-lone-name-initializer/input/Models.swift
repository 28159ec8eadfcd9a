import Combine

final class Store: ObservableObject {
    @Published var count = 0
}

/// A value of an existential type, which obs-migrate does not follow.
let externalStore: any ObservableObject = Store()

/// `store`'s initializer is a lone name: no enum case, and no type (reading it as `Type.case`
/// trapped).
final class Holder {
    var store = externalStore
}

final class Watcher {
    /// `holder.store` cannot be told, so the models a `store` member may hold stay: Holder's
    /// may be any, Store among them.
    init(holder: Holder) {
        print(holder.store.objectWillChange)
    }
}
