import ObsMigrateSupport

/// SwiftUI APIs that take only an ObservableObject: a model used with them keeps it.
///
/// App delegates: SwiftUI puts them in the environment when they are ObservableObjects, or,
/// for AppKit's and WatchKit's adaptors (macOS 14, watchOS 10), Observable. UIKit's adaptor
/// documents no Observable variant, so a migrated delegate read with
/// `@Environment(AppDelegate.self)` may not be found at run time: it keeps ObservableObject, as
/// does one whose adaptor's `$delegate` projection is used (its type would change). (Scene
/// delegates migrate: IceCubes has read an @Observable one from the environment since 2023.)
extension ProjectIndex {
    static let delegateAdaptors: Set<String> = [
        "UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor", "WKApplicationDelegateAdaptor", "WKExtensionDelegateAdaptor",
    ]

    /// `@UIApplicationDelegateAdaptor(AppDelegate.self) var delegate` (or `var delegate:
    /// AppDelegate`) holds the delegate's class (`@FocusedObject`: FocusedValueEntries.swift).
    /// Each file is read in parallel.
    func recordObservableObjectOnlyProperties(_ ledger: inout BlockerLedger) {
        let found = parallelMap(Array(files.indices)) { [self] f -> [(String, BlockReason, Site)] in
            var result: [(String, BlockReason, Site)] = []
            let types = files[f].decls.types
            for t in types.indices {
                for p in types[t].properties {
                    for a in p.attributes where Self.delegateAdaptors.contains(a.name) {
                        var written = p.typeText
                        if let arguments = a.arguments, arguments.count > 2 {
                            // `(AppDelegate.self)` (a byte range): the argument, less `.self`.
                            let text = String(decoding: files[f].bytes[(arguments.lowerBound + 1)..<(arguments.upperBound - 1)], as: UTF8.self)
                                .filter { !$0.isWhitespace }
                            if text.hasSuffix(".self") { written = String(text.dropLast(".self".count)) }
                        }
                        guard let written,
                              let model = resolveTypeName(written, from: types[t].path + [types[t].name], in: f) else { continue }
                        if a.name != "UIApplicationDelegateAdaptor" {
                            let source = files[f].source, projection = "$" + (p.name ?? "")
                            guard source.indices(of: .dollarIdentifier).contains(where: { source.text($0) == projection }) else { continue }
                        }
                        result.append((model, .delegateOfAdaptor(adaptor: a.name), Site(file: f, offset: files[f].source.start(a.token))))
                    }
                }
            }
            return result
        }
        for list in found { for (model, reason, site) in list { ledger.block(model, reason, site) } }
    }
}

extension ProjectIndex {
    /// Whether `argument` is `name` or `self.name` of a stored property of the enclosing type
    /// that cannot be nil: a `@StateObject`, `@ObservedObject` or `@EnvironmentObject`, or one
    /// whose written type is not optional.
    func isNonOptionalProperty(_ argument: Range<Int>, in f: Int) -> Bool {
        let source = files[f].source
        var k = argument.lowerBound
        if source.isIdentifier(k, "self"), source.kind(k + 1) == .period { k += 2 }
        guard k + 1 == argument.upperBound, source.kind(k) == .identifier else { return false }
        let name = source.name(k)
        guard let owner = enclosingTypes(of: k, in: f).first,
              let p = type(owner).properties.first(where: { $0.name == name && !$0.isStatic && !$0.isComputed }) else { return false }
        if p.attributes.contains(where: { ["StateObject", "ObservedObject", "EnvironmentObject"].contains($0.name) }) { return true }
        guard let written = p.typeText?.filter({ !$0.isWhitespace }) else { return false }
        return !written.hasSuffix("?") && !written.hasSuffix("!")
    }

    /// `.focusedObject(x)` and `.focusedSceneObject(x)` take an ObservableObject: x's model is
    /// decided with its other focused sites; those x's names can lead to, when its type cannot
    /// be told, stay.
    func collectFocusedObjectCall(_ s: Int, _ scope: SweepScope, _ out: inout Sweep) {
        let source = scope.source, f = scope.file
        guard source.kind(s + 1) == .leftParen, !source.isIdentifier(s - 1, "func") else { return }
        let close = Int(source.match[s + 1])
        guard close > s + 1 else { return }
        let site = Site(file: f, offset: source.start(s))
        let reason = BlockReason.focusedObject(api: "." + source.text(s))
        let argument = (s + 2)..<close
        if let t = expressionType(argument, in: f, path: scopePath(s, f), foreign: true) {
            // Its FocusedValues form is decided with the model's other focused sites (FocusedValueEntries.swift).
            if models[t] != nil {
                var site = FocusedObjectSite(file: f, token: s, kind: source.isText(s, "focusedSceneObject") ? .sceneModifier : .modifier, model: t)
                // `.focusedSceneValue` takes no optional value (`.focusedValue` does): its argument
                // must be a property of the enclosing type that cannot be nil.
                if site.kind == .sceneModifier, !isNonOptionalProperty(argument, in: f) {
                    site.kept = "its argument may be optional, which .focusedSceneValue does not take"
                }
                out.focusedCalls.append(site)
            }
        } else {
            out.events += holdsOfUntypedValue(argument, in: f, reason, site)
        }
    }
}
