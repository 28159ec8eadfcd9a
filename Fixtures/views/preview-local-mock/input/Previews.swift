import Combine
import SwiftUI

// The preview declares its own FormModel: its host's wrapper holds that local class, not the
// project's, so it is left as it is (and, its type unknown to the project, holds every model).
#Preview("Mock") {
    final class FormModel: ObservableObject {
        var name = "mock"
    }
    struct Host: View {
        @StateObject private var model = FormModel()
        var body: some View { Text(model.name) }
    }
    return Host()
}
