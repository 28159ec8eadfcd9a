import ObsMigrateSupport

/// Per file, the names its tokens declare as generic parameters or associated types
/// (`<VM: ObservableObject>`, `associatedtype Store`): names `foreignTypeName` must not take for
/// another module's type. Each file's set is made on its first use and kept: a walk over the
/// file's tokens per lookup was quadratic in one large file (the 50 MB corpus as one file: 46 s).
final class PlaceholderNames: @unchecked Sendable {
    private let lock = Lock()
    private var byFile: [Int: Set<String>] = [:]

    func names(in file: Int, of source: SourceFile) -> Set<String> {
        if let known = lock.withLock({ byFile[file] }) { return known }
        let found = Self.collect(source)
        lock.withLock { byFile[file] = found }
        return found
    }

    /// `associatedtype T`, `<T`, `, T:` and `, T>`: a placeholder declared or listed there.
    static func collect(_ source: SourceFile) -> Set<String> {
        var names = Set<String>()
        let bytes = source.bytes
        // A token's last or first byte, read in place (a String per token would cost more than the walk).
        func lastByte(_ t: Int) -> UInt8? { source.end(t) > source.start(t) ? bytes[source.end(t) - 1] : nil }
        func firstByte(_ t: Int) -> UInt8? { source.end(t) > source.start(t) ? bytes[source.start(t)] : nil }
        for t in 0..<source.sigCount where source.kind(t) == .identifier {
            if source.isIdentifier(t - 1, "associatedtype") || lastByte(t - 1) == UInt8(ascii: "<")
                || source.kind(t - 1) == .comma && (source.kind(t + 1) == .colon || firstByte(t + 1) == UInt8(ascii: ">")) {
                names.insert(source.name(t))
            }
        }
        return names
    }
}
