import SwiftUI

struct ContentView: View {
    @State private var store = Store()

    var body: some View {
        List(store.items, id: \.self) { Text($0) }
            .overlay { if store.isLoading { ProgressView() } }
    }
}
