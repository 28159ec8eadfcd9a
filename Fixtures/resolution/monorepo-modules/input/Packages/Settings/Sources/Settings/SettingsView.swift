import SwiftUI

public struct SettingsView: View {
    @ObservedObject var model: SettingsModel

    public init(model: SettingsModel) {
        self.model = model
    }

    public var body: some View {
        Toggle("Dark mode", isOn: $model.darkMode)
    }
}
