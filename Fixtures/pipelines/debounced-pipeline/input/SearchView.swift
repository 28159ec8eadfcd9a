import SwiftUI

struct SearchView: View {
    @StateObject private var model = SearchModel()
    @StateObject private var history = History()

    var body: some View {
        List(model.results, id: \.self) { Text($0) }
            .searchable(text: $model.query)
            .environmentObject(history)
    }
}
