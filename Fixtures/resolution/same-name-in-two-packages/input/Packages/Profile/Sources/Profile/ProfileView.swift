import SwiftUI

public struct ProfileView: View {
    @StateObject private var model = ViewModel()

    public init() {}

    public var body: some View {
        TextField("Name", text: $model.name)
    }
}
