import Combine
import Foundation
import Observation

/// ObservableObject goes, with the `&` that joins it; the other members, their order, the
/// comments and the line breaks stay.
typealias ClassModel = AnyObject
typealias LegacyModel = /* kept for the old screens */ AnyObject
typealias SharedModel = AnyObject
    & // observed by the widgets
    Identifiable
typealias KeyedModel = Identifiable & /* by id */ AnyObject
typealias GroupedModel = (AnyObject & Identifiable)

@Observable final class Counter: ClassModel {
    var count = 0
}

@Observable final class Legacy: LegacyModel {
    var title = ""
}

@Observable final class Shared: SharedModel {
    var value = 0
}

@Observable final class Keyed: KeyedModel {
    let id = UUID()
    var name = ""
}

@Observable final class Grouped: GroupedModel {
    var isOpen = false
}
