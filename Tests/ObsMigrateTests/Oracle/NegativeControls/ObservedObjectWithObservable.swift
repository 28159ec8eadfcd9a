// expect-error: generic struct 'ObservedObject' requires that 'CounterModel' conform to 'ObservableObject'
// @ObservedObject requires ObservableObject; an @Observable model is a plain property or @Bindable.
import SwiftUI

@Observable
final class CounterModel {
    var count = 0
}

struct CounterRow: View {
    @ObservedObject var model: CounterModel

    var body: some View {
        Text("\(model.count)")
    }
}
