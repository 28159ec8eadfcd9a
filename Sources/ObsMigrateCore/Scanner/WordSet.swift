/// ASCII words compared with a token's bytes: the scanner asks "is this a keyword?" of many
/// tokens, and making a String for each would cost more than the scan itself.
struct WordSet: Sendable {
    /// Words grouped by length, so a token is compared only with words as long as it.
    private let byLength: [[[UInt8]]]
    /// The words' first bytes, as a 256-bit set: most tokens are ruled out by one test.
    private let firstBytes: (UInt64, UInt64, UInt64, UInt64)

    init(_ words: [String]) {
        var groups = [[[UInt8]]](repeating: [], count: (words.map(\.utf8.count).max() ?? 0) + 1)
        var first: [UInt64] = [0, 0, 0, 0]
        for word in words {
            groups[word.utf8.count].append(Array(word.utf8))
            if let b = word.utf8.first { first[Int(b >> 6)] |= 1 << UInt64(b & 63) }
        }
        byLength = groups
        firstBytes = (first[0], first[1], first[2], first[3])
    }

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
        let length = token.length - skip
        guard length > 0, length < byLength.count, !byLength[length].isEmpty else { return false }
        let start = Int(token.start) + skip
        guard mayStart(file.bytes[start]) else { return false }
        return file.bytes.withUnsafeBufferPointer { bytes in
            byLength[length].contains { word in
                var k = 0
                while k < length, bytes[start + k] == word[k] { k += 1 }
                return k == length
            }
        }
    }
}
