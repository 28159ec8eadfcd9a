import Combine
import SwiftUI

/// Forwards its elements' changes: `$0` and `item` are values of its parameter T, constrained
/// to ObservableObject, so what binds T (Post) keeps ObservableObject for that constraint, and
/// these uses of objectWillChange hold no other model: Profile migrates.
final class ObservableList<T: ObservableObject>: ObservableObject {
    @Published var items: [T] = [] {
        didSet { observe() }
    }
    private var cancellables: [AnyCancellable] = []

    func observe() {
        cancellables = []
        items.forEach({
            cancellables.append($0.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() })
        })
    }

    func watch(_ item: T) {
        cancellables.append(item.objectWillChange.sink { [weak self] _ in self?.objectWillChange.send() })
    }
}

final class Post: ObservableObject {
    @Published var title = ""
}

final class Profile: ObservableObject {
    @Published var name = ""
}

/// What binds a function's parameter constrained to ObservableObject keeps it: Badge stays.
final class Badge: ObservableObject {
    @Published var count = 0
}

func track<M: ObservableObject>(_ model: M) -> AnyCancellable {
    model.objectWillChange.sink { _ in print("changed") }
}

struct Feed: View {
    @StateObject private var posts = ObservableList<Post>()
    @StateObject private var profile = Profile()
    @StateObject private var badge = Badge()

    var body: some View {
        Text("\(posts.items.count) \(profile.name) \(badge.count)")
            .onAppear { _ = track(badge) }
    }
}
