import SwiftUI

struct SearchView: View {
    @State private var model = SearchModel()
    @State private var history = History()

    var body: some View {
        List(model.results, id: \.self) { Text($0) }
            .searchable(text: $model.query)
            .environment(history)
    }
}
