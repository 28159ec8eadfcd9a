import SwiftUI

struct StoreView: View {
    @ObservedObject var store: Store
    @ObservedObject var prefs: Prefs

    var body: some View {
        Text(store.title + prefs.theme + "\(store.cache.entries.count)")
    }
}
