import Foundation
import Observation

@Observable class Timer2 {
	var seconds = 0

	var running = false
}
