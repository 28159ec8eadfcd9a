import SwiftUI

struct CounterView<CVM: CounterViewModel>: View {
    @StateObject var viewModel: CVM

    var body: some View {
        Button("\(viewModel.count)") { viewModel.increment() }
    }
}

struct RootView<AM: AppModel>: View {
    @EnvironmentObject private var appModel: AM

    var body: some View {
        VStack {
            Text(appModel.title)
            CounterView(viewModel: AM.CVM())
        }
    }
}

struct AppRoot: View {
    @StateObject private var appModel = AppModelImpl()

    var body: some View {
        RootView<AppModelImpl>()
            .environmentObject(appModel)
    }
}
