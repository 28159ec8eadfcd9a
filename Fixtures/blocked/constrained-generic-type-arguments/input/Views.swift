import SwiftUI

struct SettingsScreen: View {
    @StateObject var settings = Settings()
    @StateObject var profile = Profile()
    var body: some View {
        VStack {
            SettingsRow(model: settings)
            Text(profile.name)
        }
    }
}

struct CartView: View {
    @ObservedObject var cart: Cart
    var body: some View { Text("\(cart.count)") }
}
