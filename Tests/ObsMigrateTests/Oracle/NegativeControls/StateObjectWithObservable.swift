// expect-error: generic struct 'StateObject' requires that 'CounterModel' conform to 'ObservableObject'
// @StateObject requires ObservableObject; an @Observable model goes in @State.
import SwiftUI

@Observable
final class CounterModel {
    var count = 0
}

struct CounterView: View {
    @StateObject private var model = CounterModel()

    var body: some View {
        Text("\(model.count)")
    }
}
