import SwiftUI
import Combine

typealias ModelDefinition = ObservableObject & Identifiable

protocol ScreenModel: ModelDefinition {
    var title: String { get }
}

/// A screen names its model's type. ScreenHost observes `S.Model`, a type obs-migrate does not
/// follow: its wrapper stays, and needs ScreenModel to stay an ObservableObject, so the
/// family (the typealias, the protocol and HomeModel) stays.
protocol Screen {
    associatedtype Model: ScreenModel
    var model: Model { get }
}

final class HomeModel: ScreenModel {
    let id = 1
    @Published var title = "Home"
}

struct HomeScreen: Screen {
    let model = HomeModel()
}

struct ScreenHost<S: Screen>: View {
    @ObservedObject var model: S.Model

    init(screen: S) {
        model = screen.model
    }

    var body: some View {
        Text(model.title)
    }
}
