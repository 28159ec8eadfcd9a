import SwiftUI

struct ProfileView: View {
    @EnvironmentObject var profile: Profile
    @EnvironmentObject var account: Account
    @EnvironmentObject var settings: Settings
    @EnvironmentObject var theme: Theme
    @Environment(Session.self) var session

    var body: some View {
        VStack {
            field(profile: 3)
            editor(Account())
            rows(["a", "b"])
            accentField
            userField()
        }
    }

    // $profile is the environment object's, profile the Int parameter: a local
    // `@Bindable var profile = profile` would bind the Int.
    func field(profile: Int) -> some View {
        TextField("Name \(profile)", text: $profile.name)
    }

    // The parameter has the model's type: the local would bind the wrong object.
    func editor(_ account: Account) -> some View {
        VStack {
            Text(account.handle)
            TextField("Handle", text: $account.handle)
        }
    }

    // A closure's parameter between the member and the use.
    func rows(_ names: [String]) -> some View {
        ForEach(0..<names.count) { settings in
            TextField(names[settings], text: $settings.label)
        }
    }

    // A local of the member's own block would clash with the added one.
    var accentField: some View {
        let theme = "Accent"
        return TextField(theme, text: $theme.accent)
    }

    // Nothing else is named session: the local goes in, as before.
    func userField() -> some View {
        @Bindable var session = session
        return TextField("User", text: $session.user)
    }
}
