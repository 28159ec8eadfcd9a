import Foundation
import Observation

@Observable final class Counter {
    var value = 0
}
