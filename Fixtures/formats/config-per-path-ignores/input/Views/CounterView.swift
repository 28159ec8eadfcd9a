import SwiftUI

struct CounterView: View {
    @ObservedObject var counter: Counter
    var body: some View { Stepper("\(counter.value)", value: $counter.value) }
}
