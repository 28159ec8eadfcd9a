import SwiftUI

@Observable final class Path {
    var name = ""
}

final class Account: ObservableObject {
    @Published var name = ""
}

/// `self.$path` is the view's own projection, as `$path` is: the property becomes @Bindable.
struct PathField: View {
    @Bindable var path: Path
    var body: some View {
        TextField("Name", text: self.$path.name)
    }
}

/// `self.$account` names the property, which would be @Environment with no projection, past
/// the local @Bindable that serves `$account`: Account stays.
struct AccountField: View {
    @EnvironmentObject var account: Account
    var body: some View {
        TextField("Name", text: self.$account.name)
    }
}
