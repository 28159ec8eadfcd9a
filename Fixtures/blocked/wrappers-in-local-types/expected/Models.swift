import Combine
import Foundation
import Observation

final class ProfileEditor: ObservableObject {
    @Published var name = ""
    @Published var isDirty = false

    subscript(field: String) -> String { field == "name" ? name : "" }
}

@Observable final class Theme {
    var accent = "blue"
}

@Observable final class Library {
    var titles: [String] = []
}

final class Counter: ObservableObject {
    @Published var value = 0
}
