import Combine
import SwiftUI

class StateStoreViewModel<State> {
    @Observable final class Context {
        var viewState: State {
            willSet {
                viewStateSubject.send(newValue)
            }
        }
        @ObservationIgnored private lazy var viewStateSubject = CurrentValueSubject<State, Never>(viewState)
        var viewStatePublisher: AnyPublisher<State, Never> { viewStateSubject.eraseToAnyPublisher() }
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

@Observable final class PillContext {
    var viewState = ""
}

struct RoomScreen: View {
    var context: RoomScreenViewModel.Context

    var body: some View {
        Text("\(context.viewState)")
    }

    func watch() -> AnyCancellable {
        context.viewStatePublisher.sink { print($0) }
    }
}

struct PillView: View {
    @State private var pill = PillContext()

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
            .onReceive(viewModel.context.viewStatePublisher) { print($0) }
    }
}
