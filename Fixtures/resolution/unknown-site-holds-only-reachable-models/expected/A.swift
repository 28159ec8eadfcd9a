import SwiftUI
import ExternalSDK

@Observable final class Library { var n = 0 }
final class Cart: ObservableObject {
    @Published var n = 0
    static let shared = Cart()
}

struct V: View {
    @StateObject private var vm = ExternalSDK.makeModel()
    @StateObject private var cart = Registry.current.shared
    @State private var lib = Library()
    var body: some View { Text("") }
}
