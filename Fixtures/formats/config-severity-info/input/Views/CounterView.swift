import SwiftUI

struct CounterView: View {
    @StateObject private var counter = Counter()
    var body: some View {
        Stepper("Count", value: $counter.value)
    }
}

struct CounterPreview: View {
    @ObservedObject var counter = Counter()
    var body: some View { Text("\(counter.value)") }
}
