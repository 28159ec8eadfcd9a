import SwiftUI

/// Generic screens read their model through an associated type that requires ObservableObject.
protocol Screen {
    associatedtype Model: ObservableObject
    var model: Model { get }
}

/// A refinement: its conformers satisfy `Screen.Model` too.
protocol DetailScreen: Screen {
    var title: String { get }
}

final class InboxStore: ObservableObject {
    @Published var unread = 0
}

final class ProfileStore: ObservableObject {
    @Published var name = ""
}

final class DraftStore: ObservableObject {
    @Published var text = ""
}

/// Not tied to any screen: migrates.
final class ClockStore: ObservableObject {
    @Published var ticks = 0
}

struct InboxScreen: Screen {
    let model: InboxStore
}

struct ProfileScreen: DetailScreen {
    typealias Model = ProfileStore
    var model: ProfileStore { ProfileStore() }
    var title: String { "Profile" }
}

struct DraftScreen {
    let model: DraftStore
}

extension DraftScreen: Screen {}

func badge<S: Screen>(for screen: S) -> String where S.Model == InboxStore {
    "\(screen.model.unread)"
}

struct ClockView: View {
    @StateObject private var clock = ClockStore()

    var body: some View {
        Text("\(clock.ticks)")
    }
}
