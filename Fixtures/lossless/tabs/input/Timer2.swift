import Foundation

class Timer2: ObservableObject {
	@Published var seconds = 0

	@Published
	var running = false
}
