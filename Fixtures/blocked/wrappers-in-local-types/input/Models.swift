import Combine
import Foundation

final class ProfileEditor: ObservableObject {
    @Published var name = ""
    @Published var isDirty = false

    subscript(field: String) -> String { field == "name" ? name : "" }
}

final class Theme: ObservableObject {
    @Published var accent = "blue"
}

final class Library: ObservableObject {
    @Published var titles: [String] = []
}

final class Counter: ObservableObject {
    @Published var value = 0
}
