/// ASCII words compared with a token's bytes: the scanner asks "is this a keyword?" of many
/// tokens, and making a String for each would cost more than the scan itself.
struct WordSet: Sendable {
    /// Words grouped by length, so a token is compared only with words as long as it.
    private let byLength: [[[UInt8]]]

    init(_ words: [String]) {
        var groups = [[[UInt8]]](repeating: [], count: (words.map(\.utf8.count).max() ?? 0) + 1)
        for word in words { groups[word.utf8.count].append(Array(word.utf8)) }
        byLength = groups
    }

    func contains(_ file: SourceFile, _ s: Int) -> Bool {
        guard file.kind(s) == .identifier else { return false }
        return contains(file, s, from: 0)
    }

    /// Whether the token's bytes after its first `skip` (1 for an attribute's `@`) are a word.
    func contains(_ file: SourceFile, _ s: Int, from skip: Int) -> Bool {
        let token = file.token(s)
        let length = token.length - skip
        guard length >= 0, length < byLength.count else { return false }
        let start = Int(token.start) + skip
        return file.bytes.withUnsafeBufferPointer { bytes in
            byLength[length].contains { word in
                var k = 0
                while k < length, bytes[start + k] == word[k] { k += 1 }
                return k == length
            }
        }
    }
}
