/// The identifier tokens of a file whose tokens were let go, as a Bloom filter; and its string
/// literals, whole (`"key"`, a raw string's `#`s trimmed) and the words inside them (what an
/// interpolation reads). A project-wide pass that looks for a few names or literals skips such a
/// file, without reading it from disk again, when none can be among them. False positives only
/// cost that read.
struct IdentifierFilter: Sendable {
    private let bits: [UInt64]

    /// About four bits per entry: repeats are counted, so each distinct one gets ten or more, and
    /// with three probes a name the file lacks passes about one time in a hundred.
    init(_ source: SourceFile) {
        var entries: [(start: Int, length: Int)] = []
        source.bytes.withUnsafeBufferPointer { bytes in
            for token in source.sigTokens {
                let start = Int(token.start), length = token.length
                switch token.kind {
                case .identifier:
                    entries.append((start, length))
                    // A pass compares a raw identifier's name too (`` `default` `` is `default`).
                    if length > 2, bytes[start] == UInt8(ascii: "`"), bytes[start + length - 1] == UInt8(ascii: "`") {
                        entries.append((start + 1, length - 2))
                    }
                case .string:
                    var from = start, to = start + length
                    while from < to, bytes[from] == UInt8(ascii: "#") { from += 1 }
                    while to > from, bytes[to - 1] == UInt8(ascii: "#") { to -= 1 }
                    entries.append((from, to - from))
                    var k = from
                    while k < to {
                        guard ProjectIndex.isIdentifierByte(bytes[k]) else { k += 1; continue }
                        let wordStart = k
                        while k < to, ProjectIndex.isIdentifierByte(bytes[k]) { k += 1 }
                        entries.append((wordStart, k - wordStart))
                    }
                default: continue
                }
            }
        }
        var bits = [UInt64](repeating: 0, count: max(1, (entries.count * 4 + 63) / 64))
        let count = bits.count * 64
        source.bytes.withUnsafeBufferPointer { bytes in
            for (start, length) in entries { Self.insert(Self.hash(bytes, start, length), into: &bits, count) }
        }
        self.bits = bits
    }

    /// Whether `word` may be one of the identifiers, literals or words in literals (no when it
    /// is certainly not).
    func mayContain(_ word: [UInt8]) -> Bool {
        mayContain(hash: Self.hash(of: word))
    }

    /// A word's hash, for a pass that asks every file about the same words.
    static func hash(of word: [UInt8]) -> UInt64 {
        word.withUnsafeBufferPointer { hash($0, 0, $0.count) }
    }

    func mayContain(hash h: UInt64) -> Bool {
        let count = bits.count * 64
        for k in 0..<3 {
            let probe = Self.probe(h, k, count)
            if bits[probe >> 6] & (1 << UInt64(probe & 63)) == 0 { return false }
        }
        return true
    }

    @inline(__always) private static func insert(_ h: UInt64, into bits: inout [UInt64], _ count: Int) {
        for k in 0..<3 {
            let probe = probe(h, k, count)
            bits[probe >> 6] |= 1 << UInt64(probe & 63)
        }
    }

    /// The `k`th of three places from one 64-bit hash: its `k`th 21-bit third, scaled to `count`.
    @inline(__always) private static func probe(_ h: UInt64, _ k: Int, _ count: Int) -> Int {
        Int((((h >> UInt64(21 * k)) & ((1 << 21) - 1)) * UInt64(count)) >> 21)
    }

    /// FNV-1a over the bytes, then mixed so that every bit of the result depends on all of them.
    @inline(__always) private static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for i in start..<(start + length) { h = (h ^ UInt64(bytes[i])) &* 0x100_0000_01B3 }
        h ^= h >> 33
        h = h &* 0xFF51_AFD7_ED55_8CCD
        h ^= h >> 33
        return h
    }
}
