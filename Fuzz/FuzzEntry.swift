// libFuzzer entry point for obs-migrate: the tokenizer, the declaration scanner, the project
// loader's content checks and the fixer, compiled together with the library's sources
// (see scripts/fuzz.sh). Every property below traps when violated, so libFuzzer keeps the input.
//
// Input: the bytes of up to four Swift files, separated by NUL bytes (a NUL never occurs in a
// file the loader accepts), so that cross-file migration decisions are exercised too.
//
// Properties:
//  1. lossless tokens: they cover every byte of any input exactly once, in order, none empty;
//     matched brackets point at each other, and a bracket left unmatched is a lexer error;
//     declaration ranges stay inside the file.
//  2. no crash, no hang (libFuzzer's -timeout), for any bytes.
//  3. a file with lexer errors is never changed; a file the fixer leaves alone is not in the
//     plan; a changed file still lexes, and keeps every comment and string literal, in order.
//  4. the fix converges and is idempotent: fixing the fixed project changes nothing.
//  5. what check and fix print: findings and fix edits inside their file; the diff renders.
//  Set OBS_FUZZ_ALLOW=nonconvergence to tolerate the fixer giving up after its round limit.

import Foundation

private let allowNonConvergence = (ProcessInfo.processInfo.environment["OBS_FUZZ_ALLOW"] ?? "").contains("nonconvergence")

private func violated(_ what: String, _ files: [[UInt8]]) -> Never {
    var text = "obs-migrate fuzz: property violated: \(what)\n"
    for (i, f) in files.enumerated() {
        text += "--- F\(i).swift (\(f.count) bytes): \(String(reflecting: String(decoding: f.prefix(2000), as: UTF8.self)))\n"
    }
    FileHandle.standardError.write(Data(text.utf8))
    fatalError(what)
}

/// Property 1: lossless tokenization and well-formed scanner output.
private func checkTokens(_ bytes: [UInt8]) {
    let lexed = Lexer.tokenize(bytes)
    var cursor = 0
    for token in lexed.tokens {
        if Int(token.start) != cursor || token.end <= token.start {
            violated("token \(token.kind) \(token.start)..<\(token.end) does not continue at byte \(cursor)", [bytes])
        }
        cursor = Int(token.end)
    }
    if cursor != bytes.count { violated("tokens end at \(cursor), input has \(bytes.count) bytes", [bytes]) }
    var joined: [UInt8] = []
    joined.reserveCapacity(bytes.count)
    for token in lexed.tokens { joined += bytes[token.range] }
    if joined != bytes { violated("tokens do not re-join to the input", [bytes]) }

    let source = SourceFile(path: "F.swift", bytes: bytes)
    for s in 0..<source.sigCount {
        let m = source.match[s]
        guard m >= 0 else { continue }
        if Int(m) >= source.sigCount || source.match[Int(m)] != Int32(s) {
            violated("bracket \(s) matches \(m), which does not match it back", [bytes])
        }
    }
    // Brackets balance exactly when no bracket error is told (unless a literal or comment left
    // open, told instead, explains them).
    let unmatched = (0..<source.sigCount).contains { source.kind($0).isBracket && source.match[$0] < 0 }
    if source.errors.allSatisfy(\.isUnbalancedBracket), unmatched != !source.errors.isEmpty {
        violated(unmatched ? "a bracket is unmatched but no error is told" : "an unbalanced bracket is told but every bracket is matched", [bytes])
    }
    for range in source.interpolations where range.lowerBound < 0 || range.upperBound > bytes.count || range.isEmpty && range.lowerBound > bytes.count {
        violated("interpolation range \(range) outside the file", [bytes])
    }
    let decls = DeclarationScanner.scan(source)
    for type in decls.types {
        if type.bodyOpen > type.bodyClose || type.bodyClose > source.sigCount {
            violated("type body \(type.bodyOpen)...\(type.bodyClose) outside \(source.sigCount) tokens", [bytes])
        }
    }
}

/// The texts of the comment and string-literal tokens, in order.
private func commentsAndStrings(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
    Lexer.tokenize(bytes).tokens.filter { $0.kind.isComment || $0.kind == .string }.map { bytes[$0.range] }
}

/// Loads the files as the CLI does (from memory, as `check --staged` does), and plans the fix.
private func plan(_ files: [[UInt8]]) -> (FixCommand.Plan?, LoadedProject, String?) {
    var overrides: [String: [UInt8]] = [:]
    let paths = files.indices.map { "/obs-migrate-fuzz-root/F\($0).swift" }
    for (path, bytes) in zip(paths, files) { overrides[path] = bytes }
    let project = ProjectLoader.load(LoadOptions(paths: paths, projectRoot: "/obs-migrate-fuzz-root",
                                                 currentDirectory: "/obs-migrate-fuzz-root", overrides: overrides))
    do {
        return (try FixCommand.plan(project, selection: RuleSelection()), project, nil)
    } catch let error as UsageError {
        return (nil, project, error.message)
    } catch {
        return (nil, project, "\(error)")
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
public func obsMigrateFuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
    checkTokens(bytes)

    var files = bytes.split(separator: 0, maxSplits: 3, omittingEmptySubsequences: false).map(Array.init)
    if files.count == 4, files[3].contains(0) { files[3].removeAll { $0 == 0 } }
    let (first, project, failure) = plan(files)
    guard let first else {
        if let failure, failure.contains("did not converge"), allowNonConvergence { return 0 }
        violated("the fix failed: \(failure ?? "?")", files)
    }
    // What `check` and `fix` print: every finding located inside its file, the diff renders.
    for d in Engine.diagnostics(first.final) {
        if d.line < 1 || d.column < 1 || d.endLine < d.line { violated("diagnostic at \(d.line):\(d.column)-\(d.endLine):\(d.endColumn)", files) }
        _ = TextReporter.line(d)
    }
    for (k, findings) in first.final.findings.enumerated() {
        let size = first.final.index.files[first.final.reported[k]].source.bytes.count
        for finding in findings where finding.range.lowerBound < 0 || finding.range.upperBound > size {
            violated("\(finding.code) finding range \(finding.range) outside the file (\(size) bytes)", files)
        }
        for finding in findings {
            for edit in finding.fix ?? [] where edit.range.lowerBound < 0 || edit.range.upperBound > size {
                violated("\(finding.code) fix edit \(edit.range) outside the file (\(size) bytes)", files)
            }
        }
    }
    // Property 3.
    for (f, fixed) in first.fixed {
        _ = UnifiedDiff.diff(old: String(decoding: first.original[f]!, as: UTF8.self), new: String(decoding: fixed, as: UTF8.self),
                             oldName: "a", newName: "b")
        let original = first.original[f]!
        let file = project.files[f]
        if !file.source.isUnderstood { violated("\(file.path) has lexer errors but was changed", files) }
        if fixed == original { violated("\(file.path) is listed as changed but is byte-identical", files) }
        if !SourceFile(path: file.path, bytes: fixed).isUnderstood { violated("\(file.path): the fixed text does not lex", files) }
        // Sorted: a pipeline made an observer moves its literals and comments (OBS202).
        let before = commentsAndStrings(original).sorted { $0.lexicographicallyPrecedes($1) }
        let after = commentsAndStrings(fixed).sorted { $0.lexicographicallyPrecedes($1) }
        if before != after {
            let k = (0..<min(before.count, after.count)).first { before[$0] != after[$0] } ?? min(before.count, after.count)
            let old = k < before.count ? String(decoding: before[k], as: UTF8.self) : "(none)"
            let new = k < after.count ? String(decoding: after[k], as: UTF8.self) : "(none)"
            violated("\(file.path): a comment or string literal was changed, dropped or added: \(old.debugDescription) became \(new.debugDescription)", files)
        }
    }
    // Property 4: the fixed project is a fixed point.
    guard !first.fixed.isEmpty else { return 0 }
    var next: [[UInt8]] = files
    for (f, fixed) in first.fixed {
        guard let k = files.indices.first(where: { project.absolutePaths[f].hasSuffix("/F\($0).swift") }) else { continue }
        next[k] = fixed
    }
    let (second, _, secondFailure) = plan(next)
    guard let second else { violated("fixing the fixed project failed: \(secondFailure ?? "?")", next) }
    if !second.fixed.isEmpty {
        let names = second.fixed.keys.map { second.project.files[$0].path }.sorted()
        violated("not idempotent: a second fix changes \(names.joined(separator: ", "))", next)
    }
    return 0
}
