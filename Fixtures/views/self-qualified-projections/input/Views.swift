import SwiftUI

final class Path: ObservableObject {
    @Published var name = ""
}

final class Account: ObservableObject {
    @Published var name = ""
}

/// `self.$path` is the view's own projection, as `$path` is: the property becomes @Bindable.
struct PathField: View {
    @ObservedObject var path: Path
    var body: some View {
        TextField("Name", text: self.$path.name)
    }
}

/// `self.$account` names the property, which becomes @Environment with no projection: `self.`
/// goes, and the local @Bindable that serves `$account` serves it.
struct AccountField: View {
    @EnvironmentObject var account: Account
    var body: some View {
        TextField("Name", text: self.$account.name)
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
