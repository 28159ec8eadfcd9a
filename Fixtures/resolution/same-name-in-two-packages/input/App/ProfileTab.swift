import SwiftUI
import Profile

/// Imports Profile only: `ViewModel` here is Profile's, and `$model` makes a binding.
struct ProfileTab: View {
    @ObservedObject var model: ViewModel

    var body: some View {
        VStack {
            ProfileView()
            TextField("Nickname", text: $model.name)
        }
    }
}
