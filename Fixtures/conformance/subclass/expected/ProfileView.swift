import SwiftUI

struct ProfileView: View {
    @Bindable var model: ProfileModel

    var body: some View {
        VStack {
            if model.isLoading { ProgressView() }
            TextField("Name", text: $model.name)
        }
    }
}
