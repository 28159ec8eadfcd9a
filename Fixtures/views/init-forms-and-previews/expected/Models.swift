import Combine
import Observation

@Observable final class Plain {
    var n = 0
}

@Observable final class Editable {
    var text = ""
}

@Observable final class Lib {
    var books = 0
}
