import SwiftUI

struct StorePreview: View {
    var store = Store()
    var body: some View { Text("\(store.items.count)") }
}
