import Foundation
import Observation

/// The shelf: nothing needs its Combine machinery, so it migrates.
@Observable
final class Library {
    var books: [String] = ["Dune", "Solaris"]
    var filter = ""
}

/// Sends objectWillChange itself: a person redesigns that, so it stays ObservableObject.
final class Catalog: ObservableObject {
    var titles: [String] = []
    func reload() { objectWillChange.send() }
}
