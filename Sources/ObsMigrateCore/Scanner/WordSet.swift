import ObsMigrateSupport

/// ASCII words compared with a token's bytes: the scanner asks "is this a keyword?" of many
/// tokens, and making a String for each would cost more than the scan itself.
struct WordSet: Sendable {
    /// Words grouped by length, so a token is compared only with words as long as it.
    private let byLength: [[[UInt8]]]
    /// Bit `n` is set when a word has `n` bytes (bit 63: 63 or more): with the first-byte set
    /// below, most tokens are ruled out by two tests and no array is touched.
    private let lengths: UInt64
    /// The words' first bytes, as a 256-bit set.
    private let firstBytes: (UInt64, UInt64, UInt64, UInt64)

    init(_ words: [String]) {
        var groups = [[[UInt8]]](repeating: [], count: (words.map(\.utf8.count).max() ?? 0) + 1)
        var first: [UInt64] = [0, 0, 0, 0]
        var lengths: UInt64 = 0
        for word in words {
            groups[word.utf8.count].append(Array(word.utf8))
            lengths |= Self.lengthBit(word.utf8.count)
            if let b = word.utf8.first { first[Int(b >> 6)] |= 1 << UInt64(b & 63) }
        }
        for n in groups.indices { groups[n].sort { $0.lexicographicallyPrecedes($1) } }  // by bytes, for `contains`
        byLength = groups
        self.lengths = lengths
        firstBytes = (first[0], first[1], first[2], first[3])
    }

    @inline(__always) private static func lengthBit(_ length: Int) -> UInt64 { 1 << UInt64(min(length, 63)) }

    @inline(__always) private func mayStart(_ b: UInt8) -> Bool {
        let word: UInt64
        switch b >> 6 {
        case 0: word = firstBytes.0
        case 1: word = firstBytes.1
        case 2: word = firstBytes.2
        default: word = firstBytes.3
        }
        return word & (1 << UInt64(b & 63)) != 0
    }

    func contains(_ file: SourceFile, _ s: Int) -> Bool {
        guard file.kind(s) == .identifier else { return false }
        return contains(file, s, from: 0)
    }

    /// Whether the token's bytes after its first `skip` (1 for an attribute's `@`) are a word.
    func contains(_ file: SourceFile, _ s: Int, from skip: Int) -> Bool {
        let token = file.token(s)
        return file.bytes.withUnsafeBufferPointer { contains($0, start: Int(token.start) + skip, length: token.length - skip) }
    }

    /// Whether `bytes[start..<start + length]` is a word (the range must lie inside `bytes`).
    /// A few words of a length are compared one by one; more (the names a project-wide pass
    /// looks for) are searched for, each group being sorted.
    @inline(__always) func contains(_ bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int) -> Bool {
        guard length > 0, lengths & Self.lengthBit(length) != 0, mayStart(bytes[start]), length < byLength.count else { return false }
        let group = byLength[length]
        if group.count <= 8 {
            return group.contains { word in
                var k = 0
                while k < length, bytes[start + k] == word[k] { k += 1 }
                return k == length
            }
        }
        // The first word not below the bytes (the group is sorted by bytes).
        let at = partitionPoint(group.count) { i in
            let word = group[i]
            var k = 0
            while k < length, bytes[start + k] == word[k] { k += 1 }
            return k < length && word[k] < bytes[start + k]
        }
        guard at < group.count else { return false }
        let word = group[at]
        var k = 0
        while k < length, bytes[start + k] == word[k] { k += 1 }
        return k == length
    }
}
