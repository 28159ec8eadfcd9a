import SwiftUI
import Combine

final class Leaf: ObservableObject {
    @Published var value = 0
}

final class Label: ObservableObject {
    @Published var text = ""
}

/// Inside Branch, its leaves' objectWillChange is the leaves', not Branch's own: Leaf keeps
/// ObservableObject. The loop variable is told (an element of `leaves: [Leaf]`), but
/// `leaves.first!` is not, and nothing bounds it: Label, never used here, is held too.
final class Branch: ObservableObject {
    @Published var count = 0
    let leaves: [Leaf] = [Leaf()]
    private var subscriptions = Set<AnyCancellable>()

    init() {
        leaves.first!.objectWillChange.sink { _ in }.store(in: &subscriptions)
        for leaf in leaves {
            leaf.objectWillChange.sink { _ in }.store(in: &subscriptions)
        }
    }
}

struct TreeView: View {
    @StateObject private var branch = Branch()
    @StateObject private var label = Label()

    var body: some View {
        Text("\(branch.count) \(label.text)")
    }
}
