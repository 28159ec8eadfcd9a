import Foundation

/// Substring search over bytes with libc's `memmem` (vectorised), for the scans that run over
/// every file of a project.
enum ByteSearch {
    // Glibc's module map hides `memmem` (a GNU extension); it is in every libc we run on.
    @_silgen_name("memmem")
    private static func memmem(_ haystack: UnsafeRawPointer, _ haystackLength: Int,
                               _ needle: UnsafeRawPointer, _ needleLength: Int) -> UnsafeMutableRawPointer?

    static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
        firstOffset(of: needle, in: haystack, from: 0) != nil
    }

    /// Byte offset of the first occurrence of `needle` at or after `from`.
    static func firstOffset(of needle: [UInt8], in haystack: [UInt8], from: Int) -> Int? {
        guard !needle.isEmpty, from >= 0, haystack.count - from >= needle.count else { return nil }
        return haystack.withUnsafeBytes { h in
            needle.withUnsafeBytes { n in
                guard let found = memmem(h.baseAddress! + from, h.count - from, n.baseAddress!, n.count) else { return nil }
                return h.baseAddress!.distance(to: UnsafeRawPointer(found))
            }
        }
    }
}
