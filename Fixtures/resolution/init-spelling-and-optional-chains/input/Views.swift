import SwiftUI

struct LoadableView: View {
    @StateObject private var model: LoadableModel

    init(id: Int) {
        self._model = StateObject.init(wrappedValue: LoadableModel(id: id))
    }

    var body: some View { Text("\(model.state)") }
}

struct UnrelatedView: View {
    @StateObject private var unrelated = Unrelated()
    var body: some View { Text("\(unrelated.count)") }
}
