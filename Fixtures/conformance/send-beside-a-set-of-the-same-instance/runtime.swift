// The scenario the runtime oracle runs against the input and the migrated output: both must print this same trace.
// told(_:reading:after:) is in Tests/ObsMigrateTests/Oracle/RuntimePrelude.swift.
import Combine
import Observation

let library = Library()
let book = library.shown
print("a view reading the title is told of the same book, renamed: \(told(library, reading: { _ = library.shown.title }, after: { book.title = "Outro"; library.show(book) }))")
print("a view reading the title is told of another book: \(told(library, reading: { _ = library.shown.title }, after: { library.show(Book(title: "Coda")) }))")
print("a view reading the count is told of a new count: \(told(library, reading: { _ = library.count }, after: { library.recount(3) }))")
let cover = library.cover
print("a view reading the cover is told of the same cover, renamed: \(told(library, reading: { _ = library.cover.title }, after: { cover.title = "Gilt"; library.cover = cover }))")
print("title: \(library.shown.title), count: \(library.count), cover: \(library.cover.title)")
