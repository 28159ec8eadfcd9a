import SwiftUI

struct Screen: View {
    @StateObject var model = Model()
    var body: some View { Text("\(model.count)") }
}

enum Inject {
    static func wrap<Model: ObservableObject>(_ model: Model) -> some View {
        Text("").environmentObject(model)
    }
}
