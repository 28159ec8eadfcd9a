import SwiftUI

// An Xcode file template: `___VARIABLE_sceneName___` is replaced by the scene's name when a
// file is made from it. The names are types all the same: `X()` makes one.
@Observable final class ___VARIABLE_sceneName___ViewState {
    var title = ""
}

@Observable final class _SceneCache {
    var hits = 0
}

struct ___VARIABLE_sceneName___View: View {
    @Environment(___VARIABLE_sceneName___ViewState.self) private var state
    @Environment(_SceneCache.self) private var cache

    var body: some View {
        Text("\(state.title) \(cache.hits)")
    }
}

struct ___VARIABLE_sceneName___ViewPreviewProvider: PreviewProvider {
    static var previews: some View {
        let state = ___VARIABLE_sceneName___ViewState()
        let cache = _SceneCache()
        let view = ___VARIABLE_sceneName___View()
            .environment(state)
            .environment(cache)
        return view
    }
}
