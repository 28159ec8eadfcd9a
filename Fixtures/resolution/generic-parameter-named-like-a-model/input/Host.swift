import SwiftUI
import Combine
struct Host<Model: ObservableObject, Content: View>: View {
    @StateObject var model: Model
    let content: (Model) -> Content
    var body: some View { content(model).environmentObject(model) }
}
