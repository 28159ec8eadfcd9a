import Foundation

/// The shelf: nothing needs its Combine machinery, so it migrates.
final class Library: ObservableObject {
    @Published var books: [String] = ["Dune", "Solaris"]
    @Published var filter = ""
}

/// Sends objectWillChange for a type property it changes, which views may read past any
/// counter: a person redesigns that, so it stays ObservableObject.
final class Catalog: ObservableObject {
    static var reloads = 0
    var titles: [String] = []
    func reload() { Catalog.reloads += 1; objectWillChange.send() }
}
