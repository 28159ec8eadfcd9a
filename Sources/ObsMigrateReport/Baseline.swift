#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ObsMigrateSupport

/// Today's findings, recorded so that only new ones are reported (`check --write-baseline FILE`,
/// `check --baseline FILE`), as SwiftLint's baseline: a large app migrates module by module
/// while new legacy code is still refused at commit time. A finding is matched by its file
/// (relative to the project root), its rule and the content of its line (blanks trimmed), not
/// by its line number, so edits above it do not break the match; each recorded entry matches
/// one finding.
public struct Baseline: Sendable, Equatable {
    public struct Entry: Sendable, Hashable {
        public var path: String
        public var code: String
        public var line: String
    }

    public var entries: [Entry]

    public init(entries: [Entry]) {
        self.entries = entries.sorted { ($0.path, $0.code, $0.line) < ($1.path, $1.code, $1.line) }
    }

    /// The finding's entry: `path` relative to the project root, the content of its first line.
    public static func entry(path: String, code: String, bytes: [UInt8], offset: Int) -> Entry {
        var start = min(offset, bytes.count), end = start
        while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        let line = String(decoding: bytes[start..<end], as: UTF8.self).trimming { $0 == " " || $0 == "\t" }
        return Entry(path: path, code: code, line: line)
    }

    /// What a run keeps: each finding is dropped when an unused entry of the baseline matches it.
    public struct Matcher: Sendable {
        /// Unused entries by file, then by entry: files are checked on all cores, each with its own.
        private var remaining: [String: [Entry: Int]] = [:]
        public private(set) var matched = 0

        public init(_ baseline: Baseline) {
            for entry in baseline.entries { remaining[entry.path, default: [:]][entry, default: 0] += 1 }
        }

        /// Whether the finding is in the baseline (and uses up the entry that matched it).
        public mutating func absorbs(_ entry: Entry) -> Bool {
            guard let count = remaining[entry.path]?[entry], count > 0 else { return false }
            remaining[entry.path]![entry] = count - 1
            matched += 1
            return true
        }

        /// The matcher for one file's findings only.
        public func forFile(_ path: String) -> Matcher {
            var one = Matcher(Baseline(entries: []))
            one.remaining[path] = remaining[path]
            return one
        }
    }

    // MARK: File format

    /// `{"version": 1, "findings": [{"path", "code", "line"}, ...]}`, keys sorted, one finding a line.
    public func encoded() -> String {
        let findings = JSONValue.array(entries.map { .obj(["path": .string($0.path), "code": .string($0.code), "line": .string($0.line)]) })
        return JSONValue.obj(["version": .int(1), "tool": .string("obs-migrate"), "findings": findings]).encoded() + "\n"
    }

    public static func decode(_ bytes: [UInt8], name: String) throws -> Baseline {
        let value: JSONValue
        do {
            value = try JSONParser.parse(bytes)
        } catch let error as JSONSyntaxError {
            throw UsageError("\(name): not a baseline file: invalid JSON at \(error.description)")
        } catch {
            throw UsageError("\(name): not a baseline file: \(describe(error))")
        }
        guard case .int(1)? = value["version"] else {
            throw UsageError("\(name): not a baseline file of this version (expected \"version\": 1)")
        }
        guard case .array(let items)? = value["findings"] else { throw UsageError("\(name): \"findings\" must be an array") }
        var entries: [Entry] = []
        for (k, item) in items.enumerated() {
            guard case .string(let path)? = item["path"], case .string(let code)? = item["code"], case .string(let line)? = item["line"] else {
                throw UsageError("\(name): finding \(k + 1) needs \"path\", \"code\" and \"line\" strings")
            }
            entries.append(Entry(path: path, code: code, line: line))
        }
        return Baseline(entries: entries)
    }
}
