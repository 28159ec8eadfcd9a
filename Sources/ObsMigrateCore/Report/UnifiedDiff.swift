/// Unified diff of two texts by lines (Myers' O(ND) algorithm after trimming the common
/// prefix and suffix), with 3 lines of context, as `diff -u` and `ruff --diff` print it.
public enum UnifiedDiff {
    struct Line: Equatable {
        var text: Substring   // without terminator
        var terminated: Bool
        var raw: Substring    // with terminator
        static func == (a: Line, b: Line) -> Bool { a.raw == b.raw }
    }

    static func lines(_ text: String) -> [Line] {
        var result: [Line] = []
        var start = text.startIndex
        var i = text.startIndex
        while i < text.endIndex {
            let c = text[i]
            if c == "\n" || c == "\r\n" || c == "\r" {
                let next = text.index(after: i)
                result.append(Line(text: text[start..<i], terminated: true, raw: text[start..<next]))
                start = next
            }
            i = text.index(after: i)
        }
        if start < text.endIndex { result.append(Line(text: text[start...], terminated: false, raw: text[start...])) }
        return result
    }

    public static func diff(old: String, new: String, oldName: String, newName: String, context: Int = 3) -> String {
        let a = lines(old), b = lines(new)
        if a == b { return "" }
        // Edit script as (tag, aIndex, bIndex): " " keep, "-" delete, "+" insert.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        let midA = Array(a[prefix..<(a.count - suffix)]), midB = Array(b[prefix..<(b.count - suffix)])
        var script: [(Character, Int, Int)] = (0..<prefix).map { (" ", $0, $0) }
        for (tag, i, j) in myers(midA, midB) { script.append((tag, i + prefix, j + prefix)) }
        for k in 0..<suffix { script.append((" ", a.count - suffix + k, b.count - suffix + k)) }

        var out = "--- \(oldName)\n+++ \(newName)\n"
        var k = 0
        while k < script.count {
            guard script[k].0 != " " else { k += 1; continue }
            // A hunk: from `context` lines before this change to `context` after the last change
            // that is within 2*context of the previous one.
            let start = max(0, k - context)
            var end = k
            var lastChange = k
            while end < script.count {
                if script[end].0 != " " { lastChange = end }
                if end - lastChange > 2 * context { break }
                end += 1
            }
            end = min(script.count, lastChange + context + 1)
            let hunk = script[start..<end]
            let aStart = hunk.first { $0.0 != "+" }?.1 ?? (hunk.first!.1)
            let bStart = hunk.first { $0.0 != "-" }?.2 ?? (hunk.first!.2)
            let aCount = hunk.filter { $0.0 != "+" }.count
            let bCount = hunk.filter { $0.0 != "-" }.count
            out += "@@ -\(range(aStart, aCount)) +\(range(bStart, bCount)) @@\n"
            for (tag, i, j) in hunk {
                let line = tag == "+" ? b[j] : a[i]
                out += String(tag) + line.text + "\n"
                if !line.terminated { out += "\\ No newline at end of file\n" }
            }
            k = end
        }
        return out
    }

    static func range(_ start: Int, _ count: Int) -> String {
        count == 0 ? "\(start),0" : count == 1 ? "\(start + 1)" : "\(start + 1),\(count)"
    }

    /// Myers' shortest edit script between `a` and `b`.
    static func myers(_ a: [Line], _ b: [Line]) -> [(Character, Int, Int)] {
        let n = a.count, m = b.count
        if n == 0 { return (0..<m).map { ("+", 0, $0) } }
        if m == 0 { return (0..<n).map { ("-", $0, 0) } }
        let max = n + m
        var v = [Int](repeating: 0, count: 2 * max + 2)
        var trace: [[Int]] = []
        outer: for d in 0...max {
            trace.append(v)
            for k in stride(from: -d, through: d, by: 2) {
                var x: Int
                if k == -d || (k != d && v[k - 1 + max] < v[k + 1 + max]) { x = v[k + 1 + max] } else { x = v[k - 1 + max] + 1 }
                var y = x - k
                while x < n, y < m, a[x] == b[y] { x += 1; y += 1 }
                v[k + max] = x
                if x >= n && y >= m { break outer }
            }
        }
        // Backtrack.
        var script: [(Character, Int, Int)] = []
        var x = n, y = m
        for d in stride(from: trace.count - 1, through: 0, by: -1) {
            let v = trace[d]
            let k = x - y
            let prevK = (k == -d || (k != d && v[k - 1 + max] < v[k + 1 + max])) ? k + 1 : k - 1
            let prevX = v[prevK + max]
            let prevY = prevX - prevK
            while x > prevX, y > prevY { x -= 1; y -= 1; script.append((" ", x, y)) }
            if d > 0 {
                if x == prevX { y -= 1; script.append(("+", x, y)) } else { x -= 1; script.append(("-", x, y)) }
            }
        }
        return script.reversed()
    }
}
