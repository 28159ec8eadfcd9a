import Combine
import Foundation

/// A Redux-style store, generic over its state; the app names its instance through a typealias.
final class Store<State, Action> {
    private(set) var state: State
    private let reducer: (inout State, Action) -> Void

    init(initialState: State, reducer: @escaping (inout State, Action) -> Void) {
        self.state = initialState
        self.reducer = reducer
    }

    func dispatch(_ action: Action) {
        reducer(&state, action)
    }
}

enum AppAction {
    case storeArchive([String: String])
}

typealias AppStore = Store<AppState, AppAction>

extension AppStore {
    static let shared = AppStore(initialState: AppState(), reducer: { state, action in
        switch action {
        case .storeArchive(let items): state.archive.archiveItems = items
        }
    })
}
