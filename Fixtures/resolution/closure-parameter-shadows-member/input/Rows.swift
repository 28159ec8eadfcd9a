import SwiftUI
import Combine

final class Row: ObservableObject {
    @Published var title = ""
}

final class Session: ObservableObject {
    @Published var user = ""
}

/// The closure's `session` is a Row, not the member `session`: its objectWillChange must not
/// be read as Session's. Its type is not told, so every model is held.
struct RowsView: View {
    let rows: [Row]
    @StateObject private var session = Session()

    var body: some View {
        let publishers = rows.map { session in session.objectWillChange }
        Text("\(publishers.count) \(session.user)")
    }
}
