import Combine
import Observation
@Observable final class M {
    var x = 0 {
        willSet {
            let v = newValue
            self.y = v
        }
    }
    var z = 0 {
        willSet {
            let v = newValue
            self.y = v
        }
    }
    var y = 0
    init() {
    }
}
