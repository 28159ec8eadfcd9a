import SwiftUI

// An Xcode file template: `___VARIABLE_sceneName___` is replaced by the scene's name when a
// file is made from it. The names are types all the same: `X()` makes one.
final class ___VARIABLE_sceneName___ViewState: ObservableObject {
    @Published var title = ""
}

final class _SceneCache: ObservableObject {
    @Published var hits = 0
}

struct ___VARIABLE_sceneName___View: View {
    @EnvironmentObject private var state: ___VARIABLE_sceneName___ViewState
    @EnvironmentObject private var cache: _SceneCache

    var body: some View {
        Text("\(state.title) \(cache.hits)")
    }
}

struct ___VARIABLE_sceneName___ViewPreviewProvider: PreviewProvider {
    static var previews: some View {
        let state = ___VARIABLE_sceneName___ViewState()
        let cache = _SceneCache()
        let view = ___VARIABLE_sceneName___View()
            .environmentObject(state)
            .environmentObject(cache)
        return view
    }
}
