import Combine
import Foundation

/// ObservableObject goes, with the `&` that joins it; the other members, their order, the
/// comments and the line breaks stay.
typealias ClassModel = AnyObject & ObservableObject
typealias LegacyModel = Combine.ObservableObject /* kept for the old screens */ & AnyObject
typealias SharedModel = AnyObject
    & ObservableObject // observed by the widgets
    & Identifiable
typealias KeyedModel = Identifiable & /* by id */ ObservableObject
typealias GroupedModel = (ObservableObject & Identifiable)

final class Counter: ClassModel {
    @Published var count = 0
}

final class Legacy: LegacyModel {
    @Published var title = ""
}

final class Shared: SharedModel {
    @Published var value = 0
}

final class Keyed: KeyedModel {
    let id = UUID()
    @Published var name = ""
}

final class Grouped: GroupedModel {
    @Published var isOpen = false
}
