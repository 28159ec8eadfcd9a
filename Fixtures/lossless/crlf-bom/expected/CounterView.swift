import SwiftUI

struct CounterView: View {
	@Environment(Counter.self) var counter

	var body: some View {
		@Bindable var counter = counter
		Stepper("\(counter.count)", value: $counter.count)
	}
}
