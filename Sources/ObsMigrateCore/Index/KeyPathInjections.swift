/// `@Dependency(\.service) var service`, `@Injected(\.api) var api`, `@Environment(\.theme) var
/// theme`: a property a wrapper reads through a key path into a values type. Its type is that of
/// the member the key path names, declared where the project extends the values type
/// (`extension DependencyValues { var service: Service { ... } }`), so that
/// `.environmentObject(service)` is told instead of holding every model.
/// Factory's wrappers (`@Injected(\.api)`, `@InjectedObject(\.router)`) read a member
/// `var router: Factory<Router>` of `Container` (or of the container a key path names):
/// the property is of the type the factory makes.
extension ProjectIndex {
    static let factoryWrappers: Set<String> = ["Injected", "InjectedObject", "LazyInjected", "WeakLazyInjected", "InjectedObservable"]

    func keyPathInjectedType(_ p: PropertyDecl, file: Int) -> String? {
        for a in p.attributes {
            let factory = Self.factoryWrappers.contains(a.name)
            guard let arguments = a.arguments, arguments.count > 3 else { continue }
            let text = String(decoding: files[file].bytes[(arguments.lowerBound + 1)..<(arguments.upperBound - 1)], as: UTF8.self)
                .filter { !$0.isWhitespace }
            // `\.member` or `\Values.member`: one member, nothing after it.
            guard text.hasPrefix("\\") else { continue }
            let parts = text.dropFirst().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, !parts[1].isEmpty, parts[1].allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { continue }
            let root = parts[0], member = parts[1]
            var found = Set<String>()
            for (extended, refs) in extensionsOf {
                let base = TypeName.base(extended)
                guard root.isEmpty ? base.hasSuffix("Values") || (factory && base == "Container") : base == root else { continue }
                for ref in refs {
                    let decl = type(ref)
                    for q in decl.properties where q.name == member && !q.isStatic {
                        guard var written = q.typeText else { return nil }
                        // `Factory<Router>`: what the factory makes.
                        let compact = written.filter { !$0.isWhitespace }
                        if factory, compact.hasPrefix("Factory<"), compact.hasSuffix(">") {
                            written = String(compact.dropFirst("Factory<".count).dropLast())
                        }
                        guard let resolved = resolveTypeName(written, from: decl.path + [decl.name], in: ref.file)
                        else { return nil }  // a member whose type cannot be told: nothing is
                        found.insert(resolved)
                    }
                }
            }
            return found.count == 1 ? found.first : nil
        }
        return nil
    }
}
