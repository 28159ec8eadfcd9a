import Foundation

/// The shelf: nothing needs its Combine machinery, so it migrates.
final class Library: ObservableObject {
    @Published var books: [String] = ["Dune", "Solaris"]
    @Published var filter = ""
}

/// Sends objectWillChange itself: a person redesigns that, so it stays ObservableObject.
final class Catalog: ObservableObject {
    var titles: [String] = []
    func reload() { objectWillChange.send() }
}
