import SwiftUI

struct SearchView: View {
    @ObservedObject var model: SearchModel
    @State private var count = 0

    var body: some View {
        Text("\(model.results.count) \(count)")
            .onReceive(model.$results) { count = $0.count }
    }
}
