import SwiftUI

/// Keeps ObservableObject: `rows` and `columns` share one `var`.
final class Grid: ObservableObject {
    @Published var title = ""
    var rows = 0, columns = 0
    static var shared = Grid(), spare = Grid()
    let minimum = 1, maximum = 9
}

/// Migrates: a `let` or a `static var` may declare several at once.
final class Palette: ObservableObject {
    @Published var name = ""
    static var light = 0, dark = 1
    let first = 1, last = 2
}
