/// The identifier tokens of a file whose tokens were let go, as a Bloom filter. A project-wide
/// pass that looks for a few names as identifiers skips such a file, without reading it from
/// disk again, when none of the names can be among them. False positives only cost that read.
struct IdentifierFilter: Sendable {
    private let bits: [UInt64]

    /// About four bits per identifier token: repeats are counted, so each distinct identifier
    /// gets ten or more, and with three probes a name it lacks passes about one time in a hundred.
    init(_ source: SourceFile) {
        var identifiers = 0
        for token in source.sigTokens where token.kind == .identifier { identifiers += 1 }
        var bits = [UInt64](repeating: 0, count: max(1, (identifiers * 4 + 63) / 64))
        let count = bits.count * 64
        source.bytes.withUnsafeBufferPointer { bytes in
            for token in source.sigTokens where token.kind == .identifier {
                let start = Int(token.start), length = token.length
                Self.insert(Self.hash(bytes, start, length), into: &bits, count)
                // A pass compares a raw identifier's name too (`` `default` `` is `default`).
                if length > 2, bytes[start] == UInt8(ascii: "`"), bytes[start + length - 1] == UInt8(ascii: "`") {
                    Self.insert(Self.hash(bytes, start + 1, length - 2), into: &bits, count)
                }
            }
        }
        self.bits = bits
    }

    /// Whether `word` may be one of the identifiers (no when it is certainly not).
    func mayContain(_ word: [UInt8]) -> Bool {
        let h = word.withUnsafeBufferPointer { Self.hash($0, 0, $0.count) }
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
