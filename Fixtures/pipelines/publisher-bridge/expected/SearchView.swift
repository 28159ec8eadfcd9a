import SwiftUI

struct SearchView: View {
    var model: SearchModel
    @State private var count = 0

    var body: some View {
        Text("\(model.results.count) \(count)")
            .onReceive(model.resultsPublisher) { count = $0.count }
    }
}
