import SwiftUI

@Observable final class Path {
    var name = ""
}

@Observable final class Account {
    var name = ""
}

/// `self.$path` is the view's own projection, as `$path` is: the property becomes @Bindable.
struct PathField: View {
    @Bindable var path: Path
    var body: some View {
        TextField("Name", text: self.$path.name)
    }
}

/// `self.$account` names the property, which becomes @Environment with no projection: `self.`
/// goes, and the local @Bindable that serves `$account` serves it.
struct AccountField: View {
    @Environment(Account.self) var account
    var body: some View {
        @Bindable var account = account
        TextField("Name", text: $account.name)
    }
}

final class Profile: ObservableObject {
    @Published var bio = ""
}

/// `self.$profile` in an extension in another file, where no local @Bindable can be placed:
/// Profile stays.
struct ProfileField: View {
    @EnvironmentObject var profile: Profile
    var body: some View { bioField }
}
