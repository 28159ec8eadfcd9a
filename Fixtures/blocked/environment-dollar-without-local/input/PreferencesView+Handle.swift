import SwiftUI

// An extension in another file: the local @Bindable would be an edit there, which obs-migrate
// does not make for a site in App.swift.
extension PreferencesView {
    var handleField: some View {
        TextField("Handle", text: $account.handle)
    }
}
