import SwiftUI

@Observable final class SubscriptionManager {
    var isActive = false
}

@Observable final class UserCollection {
    var items: [String] = []
}

struct SettingsView: View {
    @Environment(SubscriptionManager.self) var subscriptions
    @Environment(UserCollection.self) var collection

    var body: some View {
        Text("\(subscriptions.isActive) \(collection.items.count)")
    }
}

/// A sheet router whose cases carry the models their views are injected with: each name a
/// case pattern binds has the type of the associated value at its place (or label).
struct Sheet: View {
    enum Kind: Identifiable {
        case about
        case settings(subscriptions: SubscriptionManager, collection: UserCollection)
        case upgrade(SubscriptionManager), library(UserCollection)

        var id: String { "sheet" }
    }

    let kind: Kind

    var body: some View {
        switch kind {
        case .about:
            Text("About")
        case .settings(let subscriptions, let collection):
            SettingsView()
                .environment(subscriptions)
                .environment(collection)
        case let .upgrade(subscriptions):
            SettingsView()
                .environment(subscriptions)
                .environment(UserCollection())
        case .library(let collection):
            SettingsView()
                .environment(SubscriptionManager())
                .environment(collection)
        }
    }
}

func settingsSheet(for kind: Sheet.Kind) -> AnyView {
    if case .settings(subscriptions: let subscriptions, collection: let collection) = kind {
        return AnyView(SettingsView().environment(subscriptions).environment(collection))
    }
    return AnyView(EmptyView())
}
