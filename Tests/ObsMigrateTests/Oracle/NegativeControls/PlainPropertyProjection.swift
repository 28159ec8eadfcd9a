// expect-error: cannot find '$model' in scope
// A plain stored property has no projected value: `$model.name` needs @Bindable (or a wrapper).
import SwiftUI

@Observable
final class ProfileModel {
    var name = ""
}

struct ProfileView: View {
    var model: ProfileModel

    var body: some View {
        TextField("Name", text: $model.name)
    }
}
