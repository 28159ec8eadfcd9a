// expect-error: The wrapped value must be an object that conforms to Observable
// @Bindable requires an @Observable class; an ObservableObject still needs @ObservedObject.
import SwiftUI

final class FormModel: ObservableObject {
    @Published var name = ""
}

struct FormView: View {
    @Bindable var model: FormModel

    var body: some View {
        TextField("Name", text: $model.name)
    }
}
