import SwiftUI

/// An old copy, still in the repository but in no target of App.xcodeproj: it does not make
/// `Store` a second type.
@Observable final class Store {
    var items: [String] = []
}
