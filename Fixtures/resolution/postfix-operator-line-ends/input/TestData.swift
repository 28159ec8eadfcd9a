import Foundation

let test_names = ["a", "b"]
// A postfix `!` ends its line's expression: the next line is a declaration of its own.
let test_first = test_names.first!
let test_holder = EventHolder(events: test_names)
