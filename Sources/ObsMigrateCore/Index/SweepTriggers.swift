/// The words `ProjectIndex.sweep` acts on, in one table: the dispatch reads it, the prefilter
/// (`sweepCandidates`) is built from it, and `ProjectFile.wordsThatMatter` includes it, so a
/// word added here is seen everywhere (`KernelPropertyTests` checks each one gets through).
enum SweepTrigger: Sendable {
    /// `x.objectWillChange`: the receiver keeps ObservableObject.
    case objectWillChange
    /// `.environmentObject(x)`: an injection site.
    case environmentObjectCall
    /// `StateObject(wrappedValue:)` and the like: a wrapper initialised by name.
    case wrapperInit
    /// `ObservableObject` outside a recorded inheritance clause: a constraint, or a conformance
    /// the scanner could not read.
    case observableObject
    /// `_m = .init(wrappedValue: x)`: a wrapper initialised without its name.
    case implicitInit
    /// `.focusedObject(x)`, `.focusedSceneObject(x)`: they take an ObservableObject.
    case focusedObjectCall

    /// Identifiers, by text.
    static let identifiers: [String: SweepTrigger] = [
        "objectWillChange": .objectWillChange,
        "environmentObject": .environmentObjectCall,
        "StateObject": .wrapperInit, "ObservedObject": .wrapperInit, "EnvironmentObject": .wrapperInit,
        "ObservableObject": .observableObject,
        "init": .implicitInit,
        "focusedObject": .focusedObjectCall, "focusedSceneObject": .focusedObjectCall,
    ]
    /// Attributes (with their `@`): a wrapper the scanner could not place holds every model.
    static let attributes: Set<String> = ["@StateObject", "@ObservedObject", "@EnvironmentObject"]

    /// The shapes of the words above, for a prefilter that reads two bytes per token: by
    /// length, which first bytes some word of that length starts with.
    struct Shapes: Sendable {
        static let maxLength = 32
        private var table = [Bool](repeating: false, count: maxLength << 8)

        init<Words: Sequence<String>>(_ words: Words) {
            for word in words {
                let bytes = Array(word.utf8)
                precondition(bytes.count < Self.maxLength, "a sweep word longer than the prefilter's table")
                table[bytes.count << 8 | Int(bytes[0])] = true
            }
        }

        @inline(__always) func mayBe(length: Int, first: UInt8) -> Bool {
            length < Self.maxLength && table[length << 8 | Int(first)]
        }
    }
    static let identifierShapes = Shapes(identifiers.keys)
    static let attributeShapes = Shapes(attributes)
}
