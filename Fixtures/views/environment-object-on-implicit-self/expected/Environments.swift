import SwiftUI

extension View {
    /// Everything a pushed screen needs, injected on an implicit self.
    func withEnvironments(theme: Theme) -> some View {
        environment(Session.shared)
            .environment(theme)
    }
}
