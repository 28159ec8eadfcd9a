import SwiftUI
import Checkout
import Settings

struct ContentView: View {
    @StateObject private var store = Store()
    @StateObject private var settings = SettingsModel()

    var body: some View {
        VStack {
            Text("\(store.items.count) items")
            Button("Add") { store.add("apple") }
            CheckoutView()
            SettingsView(model: settings)
        }
    }
}
