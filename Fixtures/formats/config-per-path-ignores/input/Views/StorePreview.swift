import SwiftUI

struct StorePreview: View {
    @ObservedObject var store = Store()
    var body: some View { Text("\(store.items.count)") }
}
