import SwiftUI

extension View {
    /// Everything a pushed screen needs, injected on an implicit self.
    func withEnvironments(theme: Theme) -> some View {
        environmentObject(Session.shared)
            .environmentObject(theme)
    }
}
