/// Unified diff of two texts by lines, with 3 lines of context, as `diff -u` and `ruff --diff`
/// print it. Lines are byte ranges of the texts, compared by hash and then bytes; memory is
/// linear in the input. The edit script is Myers' O(ND) shortest one for blocks of up to
/// `exactLimit` lines (its trace takes memory quadratic in the differences); a larger block
/// (a big file with many changed lines) is cut at lines the two sides share and each piece
/// diffed on its own, so the script stays valid but may be longer than the shortest.
public enum UnifiedDiff {
    /// A text's lines: byte offsets of each line's start, end (before its terminator) and end
    /// with terminator, and a hash of its bytes with terminator.
    struct Lines {
        let bytes: [UInt8]
        var starts: [Int32] = []
        var ends: [Int32] = []
        var rawEnds: [Int32] = []
        var hashes: [Int] = []

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            var start = 0, i = 0
            let n = bytes.count
            while i < n {
                let c = bytes[i]
                if c == 0x0A || c == 0x0D {
                    let next = c == 0x0D && i + 1 < n && bytes[i + 1] == 0x0A ? i + 2 : i + 1
                    append(start, i, next)
                    start = next
                    i = next
                    continue
                }
                i += 1
            }
            if start < n { append(start, n, n) }
        }

        private mutating func append(_ start: Int, _ end: Int, _ rawEnd: Int) {
            starts.append(Int32(start))
            ends.append(Int32(end))
            rawEnds.append(Int32(rawEnd))
            var hasher = Hasher()
            bytes.withUnsafeBufferPointer { hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0[start..<rawEnd]))) }
            hashes.append(hasher.finalize())
        }

        var count: Int { starts.count }
        func raw(_ i: Int) -> ArraySlice<UInt8> { bytes[Int(starts[i])..<Int(rawEnds[i])] }
        func text(_ i: Int) -> String { String(decoding: bytes[Int(starts[i])..<Int(ends[i])], as: UTF8.self) }
        func isTerminated(_ i: Int) -> Bool { ends[i] != rawEnds[i] }
    }

    /// One step of an edit script: keep, delete or insert, at a line of `a` and a line of `b`.
    struct Step {
        enum Tag: UInt8 { case keep, delete, insert }
        var tag: Tag
        var a: Int32
        var b: Int32
        init(_ tag: Tag, _ a: Int, _ b: Int) { self.tag = tag; self.a = Int32(a); self.b = Int32(b) }
    }

    static func same(_ a: Lines, _ i: Int, _ b: Lines, _ j: Int) -> Bool {
        a.hashes[i] == b.hashes[j] && a.raw(i) == b.raw(j)
    }

    public static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        diff(old: Array(old.utf8), new: Array(new.utf8), oldName: oldName, newName: newName, context: context)
    }

    public static func diff(old: [UInt8], new: [UInt8], oldName: String, newName: String, context: Int = 3) -> String {
        if old == new { return "" }
        let a = Lines(old), b = Lines(new)
        let script = editScript(a, b)
        var out = "--- \(oldName)\n+++ \(newName)\n"
        var k = 0
        while k < script.count {
            guard script[k].tag != .keep else { k += 1; continue }
            // A hunk: from `context` lines before this change to `context` after the last change
            // that is within 2*context of the previous one.
            let start = max(0, k - context)
            var end = k
            var lastChange = k
            while end < script.count {
                if script[end].tag != .keep { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            end = min(script.count, lastChange + context + 1)
            let hunk = script[start..<end]
            let aStart = Int((hunk.first { $0.tag != .insert } ?? hunk.first!).a)
            let bStart = Int((hunk.first { $0.tag != .delete } ?? hunk.first!).b)
            let aCount = hunk.reduce(0) { $0 + ($1.tag != .insert ? 1 : 0) }
            let bCount = hunk.reduce(0) { $0 + ($1.tag != .delete ? 1 : 0) }
            out += "@@ -\(range(aStart, aCount)) +\(range(bStart, bCount)) @@\n"
            for step in hunk {
                let (lines, i, mark) = step.tag == .insert ? (b, Int(step.b), "+") : (a, Int(step.a), step.tag == .delete ? "-" : " ")
                out += mark + lines.text(i) + "\n"
                if !lines.isTerminated(i) { out += "\\ No newline at end of file\n" }
            }
            k = end
        }
        return out
    }

    static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }

    /// The whole edit script from `a` to `b`, common prefix and suffix included.
    static func editScript(_ a: Lines, _ b: Lines) -> [Step] {
        var prefix = 0
        while prefix < a.count, prefix < b.count, same(a, prefix, b, prefix) { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, same(a, a.count - 1 - suffix, b, b.count - 1 - suffix) { suffix += 1 }
        var script: [Step] = []
        script.reserveCapacity(max(a.count, b.count) + 16)
        for i in 0..<prefix { script.append(Step(.keep, i, i)) }
        middle(a, prefix..<(a.count - suffix), b, prefix..<(b.count - suffix), into: &script)
        for k in 0..<suffix { script.append(Step(.keep, a.count - suffix + k, b.count - suffix + k)) }
        return script
    }

    /// Lines (both sides together) up to which a block is diffed exactly: Myers' trace holds up
    /// to the square of the differences, 4M integers at most here.
    static let exactLimit = 2048

    /// The script of `a[ra]` against `b[rb]` (no common prefix or suffix need be trimmed).
    static func middle(_ a: Lines, _ ra: Range<Int>, _ b: Lines, _ rb: Range<Int>, into script: inout [Step]) {
        if ra.count + rb.count <= exactLimit {
            myers(a, ra, b, rb, into: &script)
            return
        }
        // Too big for the exact search: walk both sides, and at each difference look ahead in a
        // growing window for the nearest shared line that is unique in both windows or followed
        // by another shared one (so a lone `}` does not resynchronise the sides), diffing the
        // block before it on its own.
        var i = ra.lowerBound, j = rb.lowerBound
        while i < ra.upperBound, j < rb.upperBound {
            if same(a, i, b, j) { script.append(Step(.keep, i, j)); i += 1; j += 1; continue }
            var sync: (Int, Int)? = nil
            var window = 64
            while sync == nil {
                let aEnd = min(ra.upperBound, i + window), bEnd = min(rb.upperBound, j + window)
                var inB: [Int: (first: Int, count: Int)] = [:]
                for y in j..<bEnd { inB[b.hashes[y], default: (y, 0)].count += 1 }
                var inA: [Int: Int] = [:]
                for x in i..<aEnd { inA[a.hashes[x], default: 0] += 1 }
                var best = Int.max
                for x in i..<aEnd where x - i < best {
                    guard let (y, count) = inB[a.hashes[x]], (x - i) + (y - j) < best, same(a, x, b, y) else { continue }
                    let unique = count == 1 && inA[a.hashes[x]] == 1
                    let confirmed = unique || x + 1 >= ra.upperBound || y + 1 >= rb.upperBound || same(a, x + 1, b, y + 1)
                    if confirmed { best = (x - i) + (y - j); sync = (x, y) }
                }
                if aEnd == ra.upperBound && bEnd == rb.upperBound { break }
                window *= 4
            }
            guard let (x, y) = sync else { break }
            if (x - i) + (y - j) <= exactLimit {
                myers(a, i..<x, b, j..<y, into: &script)
            } else {
                replace(i..<x, j..<y, into: &script)
            }
            i = x
            j = y
        }
        replace(i..<ra.upperBound, j..<rb.upperBound, into: &script)
    }

    /// Every line of `ra` deleted, then every line of `rb` inserted.
    static func replace(_ ra: Range<Int>, _ rb: Range<Int>, into script: inout [Step]) {
        for i in ra { script.append(Step(.delete, i, rb.lowerBound)) }
        for j in rb { script.append(Step(.insert, ra.upperBound, j)) }
    }

    /// Myers' shortest edit script between `a[ra]` and `b[rb]`, appended to `script`.
    static func myers(_ a: Lines, _ ra: Range<Int>, _ b: Lines, _ rb: Range<Int>, into script: inout [Step]) {
        let n = ra.count, m = rb.count
        let a0 = ra.lowerBound, b0 = rb.lowerBound
        if n == 0 { for j in rb { script.append(Step(.insert, a0, j)) }; return }
        if m == 0 { for i in ra { script.append(Step(.delete, i, b0)) }; return }
        let max = n + m
        var v = [Int](repeating: 0, count: 2 * max + 2)
        // Each step keeps only the diagonals around the ones it can reach (-d-1...d+1): D² in
        // all, not D·(N+M).
        var trace: [(low: Int, values: [Int])] = []
        outer: for d in 0...max {
            let low = Swift.max(0, max - d - 1), high = Swift.min(2 * max + 1, max + d + 1)
            trace.append((low, Array(v[low...high])))
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[k - 1 + max] < v[k + 1 + max]) { x = v[k + 1 + max] } else { x = v[k - 1 + max] + 1 }
                var y = x - k
                while x < n, y < m, same(a, a0 + x, b, b0 + y) { x += 1; y += 1 }
                v[k + max] = x
                if x >= n && y >= m { break outer }
            }
        }
        // Backtrack.
        var steps: [Step] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let (low, values) = trace[d]
            func at(_ k: Int) -> Int { values[k + max - low] }  // diagonal k at the start of step d
            let k = x - y
            let prevK = (k == -d || (k != d && at(k - 1) < at(k + 1))) ? k + 1 : k - 1
            let prevX = at(prevK)
            let prevY = prevX - prevK
            while x > prevX, y > prevY { x -= 1; y -= 1; steps.append(Step(.keep, a0 + x, b0 + y)) }
            if d > 0 {
                if x == prevX { y -= 1; steps.append(Step(.insert, a0 + x, b0 + y)) } else { x -= 1; steps.append(Step(.delete, a0 + x, b0 + y)) }
            }
        }
        script.append(contentsOf: steps.reversed())
    }
}
