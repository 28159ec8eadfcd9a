import Combine
import SwiftUI

final class FormModel: ObservableObject {
    @Published var name = ""
}

struct FormView: View {
    @StateObject private var model = FormModel()

    var body: some View { Text(model.name) }
}
