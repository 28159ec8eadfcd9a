// expect-error: generic struct 'EnvironmentObject' requires that 'AppModel' conform to 'ObservableObject'
// @EnvironmentObject requires ObservableObject; an @Observable model is read with @Environment(Type.self).
import SwiftUI

@Observable
final class AppModel {
    var title = ""
}

struct TitleView: View {
    @EnvironmentObject var model: AppModel

    var body: some View {
        Text(model.title)
    }
}
