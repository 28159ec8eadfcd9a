import SwiftUI

extension ProfileField {
    var bioField: some View {
        TextField("Bio", text: self.$profile.bio)
    }
}
