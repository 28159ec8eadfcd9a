/// App and scene delegates: SwiftUI puts them in the environment only when they are
/// ObservableObjects, or, for AppKit's and WatchKit's adaptors (macOS 14, watchOS 10), also
/// Observable. UIKit's adaptor has no Observable variant, so a migrated delegate read with
/// `@Environment(AppDelegate.self)` would not be found at run time: it keeps ObservableObject,
/// as does one whose adaptor's `$delegate` projection is used (its type would change).
extension ProjectIndex {
    static let delegateAdaptors: Set<String> = [
        "UIApplicationDelegateAdaptor", "NSApplicationDelegateAdaptor", "WKApplicationDelegateAdaptor", "WKExtensionDelegateAdaptor",
    ]
    static let sceneDelegateProtocols: Set<String> = ["UIWindowSceneDelegate", "UISceneDelegate"]

    /// `@UIApplicationDelegateAdaptor(AppDelegate.self) var delegate` (or `var delegate:
    /// AppDelegate`) holds the delegate's class, each file read in parallel.
    func recordDelegateAdaptors(_ ledger: inout BlockerLedger) {
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
