/// Classes that may be ObservableObjects through a superclass the project does not declare:
/// Core Data's `NSManagedObject` is one, and a library's base class may be. Such a class keeps
/// `objectWillChange` from that superclass even when it is marked `@Observable`, and what
/// changes it (`@NSManaged` attributes) Observation does not track, so the views that observe
/// it keep their wrappers.
extension ProjectIndex {
    /// Names that stand first in a class's inheritance clause and are known not to be an
    /// ObservableObject superclass: `NSObject`, and protocols of the standard library and
    /// Foundation a class often lists first.
    static let notObservableObjectSuperclasses: Set<String> = [
        "NSObject", "AnyObject", "Identifiable", "Hashable", "Equatable", "Comparable", "Codable", "Decodable",
        "Encodable", "Sendable", "CustomStringConvertible", "CustomDebugStringConvertible", "Error", "LocalizedError",
        "Observable", "ObservableObject", "CaseIterable", "RawRepresentable", "Sequence", "Collection", "Actor",
    ]

    /// Core Data's managed objects: ObservableObjects whose `@NSManaged` attributes publish
    /// through `objectWillChange`, never through Observation.
    static let coreDataSuperclasses: Set<String> = ["NSManagedObject"]

    /// For each class of the project whose chain of project superclasses ends at a class the
    /// project does not declare (and that may be an ObservableObject), that superclass's name.
    static func frameworkObservableSuperclasses(_ symbols: SymbolTable, files: [ProjectFile]) -> [String: String] {
        var firstSuper: [String: (resolved: String?, written: String)] = [:]
        for name in symbols.classNames {
            guard let refs = symbols.declared[name] else { continue }
            for ref in refs {
                let decl = files[ref.file].decls.types[ref.type]
                guard decl.kind == .class, let first = decl.inheritance.first else { continue }
                firstSuper[name] = (symbols.resolveTypeName(first.name, from: decl.path, in: ref.file), SymbolTable.stripType(first.name))
                break
            }
        }
        var result: [String: String] = [:]
        for name in firstSuper.keys {
            var current = name
            var hops = 0
            // Up the project's own classes; a cycle or a long chain ends the walk.
            while hops < 32, let entry = firstSuper[current] {
                if let resolved = entry.resolved, symbols.declared[resolved] != nil {
                    guard firstSuper[resolved] != nil else { break }  // a protocol or a struct: no superclass
                    current = resolved
                    hops += 1
                    continue
                }
                let base = TypeName.base(entry.written)
                if entry.resolved == nil, !notObservableObjectSuperclasses.contains(base) { result[name] = base }
                break
            }
        }
        return result
    }

    /// Why a wrapper of `type` stays, when `type` is a class that is an ObservableObject (or may
    /// be one) through a superclass the project does not declare.
    public func frameworkSuperclassReason(_ type: String) -> String? {
        guard let superclass = frameworkObservableSuperclass[type] else { return nil }
        let name = TypeName.base(type)
        if Self.coreDataSuperclasses.contains(superclass) {
            return "\(name) is an ObservableObject through Core Data's \(superclass), whose @NSManaged attributes Observation does not track: views keep observing it with this wrapper"
        }
        return "\(name) inherits from \(superclass), which is not declared in the scanned sources and may make it an ObservableObject that Observation does not track: the wrapper stays"
    }
}
