import SwiftUI

struct CounterView: View {
	@EnvironmentObject var counter: Counter

	var body: some View {
		Stepper("\(counter.count)", value: $counter.count)
	}
}
