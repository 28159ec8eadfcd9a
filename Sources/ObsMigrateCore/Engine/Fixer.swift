/// Applies byte-range edits: sorted, de-duplicated, and never overlapping. An edit that
/// overlaps one already taken is left out and counted in `deferred`: `fix` stops the run then
/// (FixCommand.fixRound), as the rest would be half a migration.
public enum Fixer {
    public struct Outcome: Sendable {
        public var bytes: [UInt8]
        public var applied: Int
        public var deferred: Int
    }

    public static func apply(_ edits: [Edit], to bytes: [UInt8]) -> Outcome {
        // Duplicates go (keeping the first), then a stable order: by start; at one start,
        // whole inserted lines before text inserted within the line, then by end, then as given.
        var seen = Set<Edit>()
        let unique = edits.filter { seen.insert($0).inserted }
        func isLine(_ e: Edit) -> Int {
            e.range.isEmpty && (e.replacement.hasSuffix("\n") || e.replacement.hasSuffix("\r")) ? 0 : 1
        }
        let ordered = unique.enumerated().sorted { a, b in
            (a.element.range.lowerBound, isLine(a.element), a.element.range.upperBound, a.offset)
                < (b.element.range.lowerBound, isLine(b.element), b.element.range.upperBound, b.offset)
        }.map(\.element)
        var taken: [Edit] = []
        var deferred = 0
        var lastEnd = 0
        for edit in ordered {
            guard edit.range.lowerBound >= 0, edit.range.upperBound <= bytes.count else { deferred += 1; continue }
            if let last = taken.last {
                let overlaps = edit.range.lowerBound < lastEnd
                    || (edit.range.lowerBound == lastEnd && edit.range.isEmpty && last.range.lowerBound == lastEnd && !last.range.isEmpty)
                if overlaps { deferred += 1; continue }
            }
            taken.append(edit)
            lastEnd = max(lastEnd, edit.range.upperBound)
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 256)
        var cursor = 0
        for edit in taken {
            out.append(contentsOf: bytes[cursor..<edit.range.lowerBound])
            out.append(contentsOf: Array(edit.replacement.utf8))
            cursor = edit.range.upperBound
        }
        out.append(contentsOf: bytes[cursor...])
        return Outcome(bytes: out, applied: taken.count, deferred: deferred)
    }
}
