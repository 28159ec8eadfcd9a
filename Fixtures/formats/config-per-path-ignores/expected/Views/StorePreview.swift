import SwiftUI

struct StorePreview: View {
    @State var store = Store()
    var body: some View { Text("\(store.items.count)") }
}
