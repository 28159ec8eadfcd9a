import Combine
import SwiftUI

final class Draft: ObservableObject {
    @Published var isEmpty = true
}

/// `Source` is a generic parameter, not another module's type: any model may be passed, and
/// what is passed keeps ObservableObject for the constraint (OBS204), so its use here holds no other.
func forwardChanges<Source: ObservableObject>(of source: Source, to sink: @escaping () -> Void) -> AnyCancellable {
    source.objectWillChange.sink { _ in sink() }
}

struct DraftView: View {
    @StateObject private var draft = Draft()

    var body: some View {
        Text(draft.isEmpty ? "" : "…")
    }
}
