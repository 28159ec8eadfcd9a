import SwiftUI

struct CounterView<CVM: CounterViewModel>: View {
    @State var viewModel: CVM

    var body: some View {
        Button("\(viewModel.count)") { viewModel.increment() }
    }
}

struct RootView<AM: AppModel>: View {
    @Environment(AM.self) private var appModel

    var body: some View {
        VStack {
            Text(appModel.title)
            CounterView(viewModel: AM.CVM())
        }
    }
}

struct AppRoot: View {
    @State private var appModel = AppModelImpl()

    var body: some View {
        RootView<AppModelImpl>()
            .environment(appModel)
    }
}
