import Combine

/// It subscribes to its own objectWillChange and sends it too: the send would no longer reach the
/// subscriber once a migration removed it, so it stays.
final class Journal: ObservableObject {
    @Published var entries: [String] = []
    private var saved: AnyCancellable?

    init() {
        saved = objectWillChange.sink { print("save") }
    }

    func touch() { objectWillChange.send() }
}

/// Two models' publishers merged: a bridge of one would no longer share the other's type.
final class Left: ObservableObject {
    @Published var text = ""
}

final class Right: ObservableObject {
    @Published var text = ""
    @Published var count: Int? = 0
}

final class Merger {
    var bag = Set<AnyCancellable>()

    init(left: Left, right: Right) {
        Publishers.MergeMany(left.$text, right.$text).sink { print($0) }.store(in: &bag)
        bag.insert(watchCount(right.$count))
    }
}

/// A case with associated values is no value of the enum: the type stays untold.
final class Palette: ObservableObject {
    @Published var tint = Tint.named

    init() {
        _ = $tint.sink { _ in }
    }
}

/// Two objects' publishers in one array, or chosen between, where one object (Lower) stays for a
/// reason of its own: a bridge of the other would no longer share its type.
final class Upper: ObservableObject {
    @Published var label = ""
}

final class Lower: ObservableObject {
    @Published var label = ""
    @Published var level = 0
    func refresh() { objectWillChange.send() }
}

final class Gauge: ObservableObject {
    @Published var level = 0
}

final class Panel {
    var bag = Set<AnyCancellable>()

    init(upper: Upper, lower: Lower, gauge: Gauge, usesGauge: Bool) {
        let labels = [upper.$label, lower.$label]
        Publishers.MergeMany(labels).sink { print($0) }.store(in: &bag)
        (usesGauge ? gauge.$level : lower.$level).sink { print($0) }.store(in: &bag)
    }
}
