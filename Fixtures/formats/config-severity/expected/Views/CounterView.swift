import SwiftUI

struct CounterView: View {
    @State private var counter = Counter()
    var body: some View {
        Stepper("Count", value: $counter.value)
    }
}

struct CounterPreview: View {
    @State var counter = Counter()
    var body: some View { Text("\(counter.value)") }
}
