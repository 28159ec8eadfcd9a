#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
#else
import Foundation
#endif

/// Substring search over bytes with libc's `memmem`, for the scans that run over every file of
/// a project. It is in the core, the one target that uses it, not in ObsMigrateSupport: from
/// there its calls in the lexer's and the index's loops were no longer inlined, and
/// `@inlinable` does not help a member of a `package` type (Swift 6.3 inlines such members of
/// a public type, and package free functions, but not these).
enum ByteSearch {
    // Glibc's module map hides `memmem` (a GNU extension); it is in every libc we run on.
    @_silgen_name("memmem")
    private static func memmem(_ haystack: UnsafeRawPointer, _ haystackLength: Int,
                               _ needle: UnsafeRawPointer, _ needleLength: Int) -> UnsafeMutableRawPointer?

    /// Byte offset of the first occurrence of `needle` that lies inside `range`.
    static func firstOffset(of needle: [UInt8], in haystack: [UInt8], range: Range<Int>) -> Int? {
        let range = range.clamped(to: 0..<haystack.count)
        guard !needle.isEmpty, range.count >= needle.count else { return nil }
        return haystack.withUnsafeBytes { h in
            needle.withUnsafeBytes { n in
                guard let found = memmem(h.baseAddress! + range.lowerBound, range.count, n.baseAddress!, n.count) else { return nil }
                return h.baseAddress!.distance(to: UnsafeRawPointer(found))
            }
        }
    }
}
