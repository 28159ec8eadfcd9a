import Combine
import SwiftUI

class StateStoreViewModel<State> {
    final class Context: ObservableObject {
        @Published var viewState: State
        init(viewState: State) { self.viewState = viewState }
    }

    let context: Context
    init(initialViewState: State) { context = Context(viewState: initialViewState) }
}

typealias RoomScreenViewModelType = StateStoreViewModel<Int>

/// `RoomScreenViewModel.Context` is its superclass's nested `Context`.
final class RoomScreenViewModel: RoomScreenViewModelType {
    init() { super.init(initialViewState: 0) }
}

final class PillContext: ObservableObject {
    @Published var viewState = ""
}

struct RoomScreen: View {
    @ObservedObject var context: RoomScreenViewModel.Context

    var body: some View {
        Text("\(context.viewState)")
    }

    func watch() -> AnyCancellable {
        context.$viewState.sink { print($0) }
    }
}

struct PillView: View {
    @StateObject private var pill = PillContext()

    var body: some View {
        Text(pill.viewState)
    }
}

struct RoomScreen_Previews: PreviewProvider {
    /// Made by a closure called where it is written: its type is what it returns.
    static let viewModel = {
        let model = RoomScreenViewModel()
        return model
    }()

    static var previews: some View {
        RoomScreen(context: viewModel.context)
            .onReceive(viewModel.context.$viewState) { print($0) }
    }
}
