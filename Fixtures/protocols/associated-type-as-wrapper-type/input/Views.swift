import SwiftUI

/// The view's wrapper is typed with the associated type itself (`AM.CVM`), which obs-migrate
/// does not follow: the family stays, and says why.
struct CounterHolder<AM: AppModel>: View {
    @StateObject var viewModel: AM.CVM

    var body: some View {
        Button("\(viewModel.count)") { viewModel.increment() }
    }
}

struct AppRoot: View {
    var body: some View {
        CounterHolder<AppModelImpl>(viewModel: AppModelImpl.CVM())
    }
}
