import Foundation

extension Book {
    /// "Title — Author", as shown in lists.
    var byline: String { "\(title) — \(author)" }

    /// A rough reading time at 40 pages an hour.
    ///
    /// Note: this is a computed property, not `@Published`; it is recomputed whenever the
    /// owning store publishes a new array.
    var readingHours: Double { Double(pageCount) / 40 }
}
