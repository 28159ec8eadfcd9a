import SwiftUI

struct LoadableView: View {
    @State private var model: LoadableModel

    init(id: Int) {
        self._model = State.init(wrappedValue: LoadableModel(id: id))
    }

    var body: some View { Text("\(model.state)") }
}

struct UnrelatedView: View {
    @State private var unrelated = Unrelated()
    var body: some View { Text("\(unrelated.count)") }
}
