import SwiftUI
import Feeds

/// One screen for every kind of feed.
struct FeedScreen<Model: FeedListing>: View {
    @ObservedObject var model: Model
    @EnvironmentObject private var settings: SettingsStore

    var body: some View {
        List(model.items.filter { model.filter.isEmpty || $0.contains(model.filter) }, id: \.self) { item in
            Text(item).font(.system(size: settings.fontSize))
        }
        .searchable(text: $model.filter)
        .navigationTitle(model.title)
        .task { await model.reload() }
    }
}
