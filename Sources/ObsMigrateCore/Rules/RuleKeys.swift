extension RuleMetadata {
    /// Whether `key` is this rule's code in any letter case (`obs102`). Codes are ASCII, so
    /// ASCII folding is exact and needs no locale.
    package func codeMatches(_ key: String) -> Bool {
        let a = code.utf8, b = key.utf8
        guard a.count == b.count else { return false }
        return zip(a, b).allSatisfy { x, y in
            x == y || (x | 0x20 == y | 0x20 && (0x61...0x7A).contains(x | 0x20))
        }
    }
}
