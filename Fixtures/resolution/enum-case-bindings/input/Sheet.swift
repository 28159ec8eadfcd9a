import SwiftUI

final class SubscriptionManager: ObservableObject {
    @Published var isActive = false
}

final class UserCollection: ObservableObject {
    @Published var items: [String] = []
}

struct SettingsView: View {
    @EnvironmentObject var subscriptions: SubscriptionManager
    @EnvironmentObject var collection: UserCollection

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
                .environmentObject(subscriptions)
                .environmentObject(collection)
        case let .upgrade(subscriptions):
            SettingsView()
                .environmentObject(subscriptions)
                .environmentObject(UserCollection())
        case .library(let collection):
            SettingsView()
                .environmentObject(SubscriptionManager())
                .environmentObject(collection)
        }
    }
}

func settingsSheet(for kind: Sheet.Kind) -> AnyView {
    if case .settings(subscriptions: let subscriptions, collection: let collection) = kind {
        return AnyView(SettingsView().environmentObject(subscriptions).environmentObject(collection))
    }
    return AnyView(EmptyView())
}
