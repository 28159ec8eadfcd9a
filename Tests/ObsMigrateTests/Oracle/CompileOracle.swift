import Foundation

/// The compile oracle: type-checks Swift sources against the stand-in `Combine`, `CoreData` and `SwiftUI`
/// modules in `Oracle/Stubs` (built once per test process) and the toolchain's real
/// `Observation` module, in Swift 5 language mode.
///
/// Every file is checked with `-Xfrontend -import-module -Xfrontend Combine`: on Apple
/// platforms Foundation re-exports Combine, so `ObservableObject` and `@Published` are visible
/// to files that import only Foundation. Observation is not imported implicitly.
struct CompileOracle: Sendable {
    struct Failure: Error, CustomStringConvertible, Sendable {
        let description: String
    }

    /// The result of one swiftc invocation.
    struct Outcome: Sendable {
        let exitCode: Int32
        /// swiftc's combined standard output and standard error (scratch paths mapped back).
        let output: String
        var succeeded: Bool { exitCode == 0 }
    }

    let swiftc: URL
    /// Holds the stand-in modules (Combine, CoreData, SwiftUI), plus a scratch folder.
    let workDirectory: URL
    /// How long building the stand-in modules took.
    let stubBuildSeconds: Double

    // MARK: Locations

    /// Tests/ObsMigrateTests/Oracle
    static let oracleDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let stubsDirectory = oracleDirectory.appendingPathComponent("Stubs")
    static let negativeControlsDirectory = oracleDirectory.appendingPathComponent("NegativeControls")
    static let positiveControlsDirectory = stubsDirectory.appendingPathComponent("PositiveControls")
    static let packageRoot = oracleDirectory
        .deletingLastPathComponent()  // ObsMigrateTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
    static let fixturesDirectory = packageRoot.appendingPathComponent("Fixtures")

    /// Built on first use, once per test process; a failure is remembered and reported by every test.
    static let shared: Result<CompileOracle, Failure> = {
        do throws(Failure) {
            return .success(try CompileOracle.make())
        } catch {
            return .failure(error)
        }
    }()

    // MARK: Setup

    static func make() throws(Failure) -> CompileOracle {
        let swiftc = try locateSwiftc()
        let work = FileManager.default.temporaryDirectory
            .appendingPathComponent("obs-migrate-oracle-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot create \(work.path): \(error)")
        }
        let start = Date()
        for module in ["Combine", "CoreData", "SwiftUI"] {
            let source = stubsDirectory.appendingPathComponent("\(module).swift")
            let outcome = run(swiftc, [
                "-emit-module", "-parse-as-library", "-swift-version", "5",
                "-module-name", module,
                "-I", work.path,
                "-emit-module-path", work.appendingPathComponent("\(module).swiftmodule").path,
                source.path,
            ])
            guard outcome.succeeded else {
                try? FileManager.default.removeItem(at: work)
                throw Failure(description: "building the stand-in \(module) module failed "
                    + "(exit \(outcome.exitCode)):\n\(outcome.output)")
            }
        }
        return CompileOracle(swiftc: swiftc, workDirectory: work,
                             stubBuildSeconds: Date().timeIntervalSince(start))
    }

    /// `SWIFTC` if set; else `swiftc` on PATH; else the toolchain the test binary runs from.
    /// A candidate counts only if `swiftc --version` succeeds.
    static func locateSwiftc() throws(Failure) -> URL {
        let environment = ProcessInfo.processInfo.environment
        var rejected: [String] = []

        func works(_ path: String) -> Bool {
            guard FileManager.default.isExecutableFile(atPath: path) else {
                rejected.append("\(path): not an executable file")
                return false
            }
            let outcome = run(URL(fileURLWithPath: path), ["--version"])
            if !outcome.succeeded {
                rejected.append("\(path): `--version` exited \(outcome.exitCode): \(outcome.output.prefix(300))")
            }
            return outcome.succeeded
        }

        if let explicit = environment["SWIFTC"], !explicit.isEmpty {
            // An explicit choice is never silently replaced by another compiler.
            guard works(explicit) else {
                throw Failure(description: "SWIFTC=\(explicit) cannot be run: \(rejected.joined(separator: "; "))")
            }
            return URL(fileURLWithPath: explicit)
        }

        var candidates: [String] = []
        for directory in (environment["PATH"] ?? "").split(separator: ":") where !directory.isEmpty {
            candidates.append("\(directory)/swiftc")
        }
        candidates += toolchainCandidates()

        var seen = Set<String>()
        for candidate in candidates where seen.insert(candidate).inserted {
            guard FileManager.default.isExecutableFile(atPath: candidate) else { continue }
            if works(candidate) { return URL(fileURLWithPath: candidate) }
        }
        throw Failure(description: "cannot find a working swiftc (set SWIFTC, or put swiftc on PATH). "
            + "Looked on PATH and next to the test binary's toolchain (\(seen.sorted().joined(separator: ", ")))"
            + (rejected.isEmpty ? "" : ". Rejected: \(rejected.joined(separator: "; "))"))
    }

    /// swiftc next to the running toolchain: found from the Swift runtime / XCTest libraries
    /// mapped into this process (Linux), `xcrun` (macOS), or the test binary's own folder.
    private static func toolchainCandidates() -> [String] {
        var candidates: [String] = []
        if let maps = try? String(contentsOfFile: "/proc/self/maps", encoding: .utf8) {
            for line in maps.split(separator: "\n") {
                guard let slash = line.firstIndex(of: "/") else { continue }
                let path = String(line[slash...])
                for marker in ["/lib/swift/", "/lib/swift_static/"] {
                    if let range = path.range(of: marker) {
                        candidates.append(String(path[..<range.lowerBound]) + "/bin/swiftc")
                    }
                }
            }
        }
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/xcrun") {
            let outcome = run(URL(fileURLWithPath: "/usr/bin/xcrun"), ["--find", "swiftc"])
            if outcome.succeeded {
                candidates.append(outcome.output.trimmingCharacters(in: .whitespacesAndNewlines))
            }
        }
        if let argument0 = CommandLine.arguments.first {
            candidates.append(URL(fileURLWithPath: argument0).deletingLastPathComponent()
                .appendingPathComponent("swiftc").path)
        }
        return candidates
    }

    // MARK: Type-checking

    /// Type-checks `files` together as one module (Swift 5 mode unless `swiftVersion` says,
    /// stand-in modules on the search path, Combine imported implicitly).
    func typecheck(_ files: [URL], separateModules: Bool = false, swiftVersion: String = "5") -> Outcome {
        if separateModules { return typecheckModules(files) }
        var pathMap: [(scratch: String, original: String)] = []
        var arguments = [
            "-typecheck", "-parse-as-library", "-swift-version", swiftVersion,
            "-I", workDirectory.path,
            "-Xfrontend", "-import-module", "-Xfrontend", "Combine",
            "-diagnostic-style", "llvm",
        ]
        // A case laid out as packages (`Packages/Core/Sources/Core/...`) is checked as one module:
        // imports of its own targets are blanked out (their lines kept, for the diagnostics).
        var localModules = Set<String>()
        for file in files {
            let parts = file.path.split(separator: "/").map(String.init)
            if let k = parts.lastIndex(of: "Sources"), k + 2 < parts.count { localModules.insert(parts[k + 1]) }
        }
        for file in files {
            if let scratch = rewriteForLinux(file, localModules: localModules) {
                pathMap.append((scratch.path, file.path))
                arguments.append(scratch.path)
            } else {
                arguments.append(file.path)
            }
        }
        let outcome = Self.run(swiftc, arguments)
        var output = outcome.output
        for (scratch, original) in pathMap {
            output = output.replacingOccurrences(of: scratch, with: original)
        }
        return Outcome(exitCode: outcome.exitCode, output: output)
    }

    /// Type-checks each package target (`.../Sources/<Target>/`) as its own module, the ones
    /// it imports first, then the other files with those modules on the search path.
    func typecheckModules(_ files: [URL]) -> Outcome {
        var filesOfModule: [String: [URL]] = [:]
        var appFiles: [URL] = []
        for file in files {
            let parts = file.path.split(separator: "/").map(String.init)
            if let k = parts.lastIndex(of: "Sources"), k + 2 < parts.count {
                filesOfModule[parts[k + 1], default: []].append(file)
            } else {
                appFiles.append(file)
            }
        }
        func imports(_ module: String) -> Set<String> {
            var result = Set<String>()
            for file in filesOfModule[module]! {
                let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
                for line in text.split(separator: "\n") where line.hasPrefix("import ") {
                    let name = line.dropFirst("import ".count).trimmingCharacters(in: .whitespaces)
                    if name != module, filesOfModule[name] != nil { result.insert(name) }
                }
            }
            return result
        }
        // Dependencies first; a cycle is left to the compiler to report.
        var order: [String] = []
        var pending = filesOfModule.keys.sorted()
        while !pending.isEmpty {
            let ready = pending.filter { imports($0).isSubset(of: Set(order)) }
            let next = ready.isEmpty ? pending : ready
            order += next
            pending.removeAll { next.contains($0) }
        }
        let modules = workDirectory.appendingPathComponent("modules/\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: modules, withIntermediateDirectories: true)
        let common = ["-parse-as-library", "-swift-version", "5", "-I", workDirectory.path, "-I", modules.path,
                      "-Xfrontend", "-import-module", "-Xfrontend", "Combine", "-diagnostic-style", "llvm"]
        func sources(_ list: [URL]) -> ([String], [(String, String)]) {
            var paths: [String] = [], map: [(String, String)] = []
            for file in list {
                if let scratch = rewriteForLinux(file) { paths.append(scratch.path); map.append((scratch.path, file.path)) } else { paths.append(file.path) }
            }
            return (paths, map)
        }
        func restore(_ outcome: Outcome, _ map: [(String, String)]) -> Outcome {
            var output = outcome.output
            for (scratch, original) in map { output = output.replacingOccurrences(of: scratch, with: original) }
            return Outcome(exitCode: outcome.exitCode, output: output)
        }
        for module in order {
            let (paths, map) = sources(filesOfModule[module]!)
            // Type-checked whole first: emitting a module alone may skip function bodies.
            let checked = restore(Self.run(swiftc, ["-typecheck", "-module-name", module] + common + paths), map)
            guard checked.succeeded else { return checked }
            let emitted = restore(Self.run(swiftc, ["-emit-module", "-module-name", module,
                                                    "-emit-module-path", modules.appendingPathComponent("\(module).swiftmodule").path] + common + paths), map)
            guard emitted.succeeded else { return emitted }
        }
        guard !appFiles.isEmpty else { return Outcome(exitCode: 0, output: "") }
        let (paths, map) = sources(appFiles)
        return restore(Self.run(swiftc, ["-typecheck", "-module-name", "App"] + common + paths), map)
    }

    /// The `#Preview` and `@Previewable` macros live in a plugin that does not exist on Linux.
    /// A file using them is copied to the scratch folder (same file name, so diagnostics still
    /// read naturally) with `#Preview` at the start of a line rewritten to
    /// `private let _oraclePreview<line> = _OraclePreview` (a stub with the macro's signature)
    /// and `@Previewable` blanked out, and an import of one of the case's own package targets
    /// (`localModules`) blanked out. Returns nil when the file needs no rewrite.
    private func rewriteForLinux(_ file: URL, localModules: Set<String> = []) -> URL? {
        guard let text = try? String(contentsOf: file, encoding: .utf8),
              text.contains("#Preview") || text.contains("@Previewable")
                || localModules.contains(where: { text.contains("import \($0)") }) else { return nil }
        var changed = false
        let original = text.components(separatedBy: "\n")
        // A body that declares a type (a preview's host view) crashes this compiler inside a
        // closure stored in a global: such a preview becomes a function, as the macro expands it.
        func declaresLocalType(after index: Int, indent: String) -> Bool {
            for line in original.dropFirst(index + 1) {
                if line == indent + "}" { return false }
                let body = line.drop(while: { $0 == " " || $0 == "\t" })
                if ["struct ", "class ", "final class ", "enum "].contains(where: { body.hasPrefix($0) }) { return true }
            }
            return false
        }
        let lines = original.enumerated().map { index, line -> String in
            var line = line
            let body = line.drop(while: { $0 == " " || $0 == "\t" })
            if body.hasPrefix("import "), localModules.contains(String(body.dropFirst("import ".count)).trimmingCharacters(in: .whitespacesAndNewlines)) {
                changed = true
                return ""
            }
            if body.hasPrefix("#Preview") {
                let next = body.dropFirst("#Preview".count).first
                if next == nil || next == "(" || next == " " || next == "{" || next == "\t" || next == "\r" {
                    let indent = String(line.prefix(line.count - body.count))
                    let rest = String(body.dropFirst("#Preview".count))
                    if rest.hasSuffix("{"), declaresLocalType(after: index, indent: indent) {
                        line = indent + "@MainActor @ViewBuilder private func _oraclePreview\(index + 1)() -> some View {"
                    } else {
                        line = indent + "private let _oraclePreview\(index + 1) = _OraclePreview" + rest
                    }
                    changed = true
                }
            }
            if line.contains("@Previewable") {
                line = line.replacingOccurrences(of: "@Previewable", with: String(repeating: " ", count: 12))
                changed = true
            }
            return line
        }
        guard changed else { return nil }
        let folder = workDirectory.appendingPathComponent("scratch/\(UUID().uuidString)")
        let copy = folder.appendingPathComponent(file.lastPathComponent)
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try lines.joined(separator: "\n").write(to: copy, atomically: true, encoding: .utf8)
        } catch {
            return nil
        }
        return copy
    }

    func removeWorkDirectory() {
        try? FileManager.default.removeItem(at: workDirectory)
    }

    // MARK: Processes

    /// Runs a process to completion, capturing standard output and standard error together.
    /// A run longer than `timeout` seconds is terminated and reported as failed.
    static func run(_ executable: URL, _ arguments: [String], timeout: Double = 300) -> Outcome {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return Outcome(exitCode: -1, output: "cannot run \(executable.path): \(error)")
        }
        let watchdog = DispatchWorkItem { [process] in
            if process.isRunning { process.terminate() }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + timeout, execute: watchdog)
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        watchdog.cancel()
        var output = String(decoding: data, as: UTF8.self)
        if process.terminationReason == .uncaughtSignal {
            output += "\n(swiftc was killed by signal \(process.terminationStatus)"
                + (process.terminationStatus == SIGTERM ? " after the \(Int(timeout)) s time limit)" : ")")
        }
        let status = process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
        return Outcome(exitCode: status, output: output)
    }
}

// MARK: - Fixture cases

/// One golden case under Fixtures/: a directory holding `input/`.
struct OracleFixtureCase: Sendable {
    /// Path relative to Fixtures/, e.g. "oracle-smoke/basic".
    let name: String
    let directory: URL
    /// input/**/*.swift except Package.swift, sorted.
    let inputFiles: [URL]
    /// input/ with expected/ laid over it (same relative path replaces; new files are added).
    let expectedFiles: [URL]
    /// True when expected/ holds no Swift files, so the expected project is the input project.
    let expectedIsInput: Bool
    let skipInput: String?
    let skipExpected: String?
    /// `modules: separate`: each package target (`.../Sources/<Target>/`) is its own module, as
    /// in a monorepo whose modules declare the same names; else the case is one module.
    let separateModules: Bool
    /// `swift-version: 6`: both sides are type-checked in that language mode (some of what
    /// the macro expands compiles in Swift 5 mode only); else Swift 5.
    let swiftVersion: String
    /// Malformed oracle.txt lines and similar; each is reported as a failure.
    let problems: [String]

    /// Every directory under `fixtures` holding an `input/` folder (cases do not nest).
    static func discover(in fixtures: URL) -> [OracleFixtureCase] {
        var cases: [OracleFixtureCase] = []
        func walk(_ directory: URL, _ relative: String) {
            if isDirectory(directory.appendingPathComponent("input")) {
                cases.append(load(directory, name: relative))
                return
            }
            for child in children(of: directory) where isDirectory(child) {
                walk(child, relative.isEmpty ? child.lastPathComponent : relative + "/" + child.lastPathComponent)
            }
        }
        walk(fixtures, "")
        return cases.sorted { $0.name < $1.name }
    }

    private static func load(_ directory: URL, name: String) -> OracleFixtureCase {
        let inputRoot = directory.appendingPathComponent("input")
        let expectedRoot = directory.appendingPathComponent("expected")
        var input = swiftFiles(under: inputRoot)
        var expected = isDirectory(expectedRoot) ? swiftFiles(under: expectedRoot) : [:]

        var notBuilt: [String] = []
        var skipInput: String?
        var skipExpected: String?
        var separateModules = false
        var swiftVersion = "5"
        var problems: [String] = []
        let oracleFile = directory.appendingPathComponent("oracle.txt")
        if FileManager.default.fileExists(atPath: oracleFile.path) {
            let text = (try? String(contentsOf: oracleFile, encoding: .utf8)) ?? ""
            for (number, rawLine) in text.components(separatedBy: "\n").enumerated() {
                let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
                if line.isEmpty || line.hasPrefix("#") { continue }
                let parts = line.split(separator: ":", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                let reason = parts.count == 2 ? parts[1] : ""
                switch parts[0] {
                case "skip-input" where !reason.isEmpty: skipInput = reason
                case "skip-expected" where !reason.isEmpty: skipExpected = reason
                case "modules" where reason == "separate": separateModules = true
                case "swift-version" where ["5", "6"].contains(reason): swiftVersion = reason
                // A file in the case that no target builds (a stale copy, as its .xcodeproj says): left out of both sides.
                case "not-built" where !reason.isEmpty: notBuilt.append(reason)
                case "skip-input", "skip-expected":
                    problems.append("oracle.txt line \(number + 1): `\(parts[0])` needs a reason (`\(parts[0]): <reason>`)")
                default:
                    problems.append("oracle.txt line \(number + 1): unknown directive `\(line)` "
                        + "(expected `skip-input: <reason>`, `skip-expected: <reason>`, `modules: separate`, `swift-version: 6` or `not-built: <path>`)")
                }
            }
        }
        for path in notBuilt {
            if input.removeValue(forKey: path) == nil { problems.append("oracle.txt: not-built \(path) is not a Swift file of input/") }
            expected[path] = nil
        }
        let overlaid = input.merging(expected) { _, replacement in replacement }
        return OracleFixtureCase(
            name: name, directory: directory,
            inputFiles: input.keys.sorted().map { input[$0]! },
            expectedFiles: overlaid.keys.sorted().map { overlaid[$0]! },
            expectedIsInput: expected.isEmpty,
            skipInput: skipInput, skipExpected: skipExpected, separateModules: separateModules, swiftVersion: swiftVersion,
            problems: problems)
    }

    /// Relative path -> file, for every *.swift under `root` except files named Package.swift.
    private static func swiftFiles(under root: URL) -> [String: URL] {
        var files: [String: URL] = [:]
        let rootPath = root.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(
            at: root, includingPropertiesForKeys: [.isRegularFileKey], options: [.skipsHiddenFiles]) else { return files }
        for case let url as URL in enumerator {
            guard url.pathExtension == "swift", url.lastPathComponent != "Package.swift" else { continue }
            let path = url.standardizedFileURL.path
            guard path.hasPrefix(rootPath + "/") else { continue }
            files[String(path.dropFirst(rootPath.count + 1))] = url
        }
        return files
    }

    private static func children(of directory: URL) -> [URL] {
        ((try? FileManager.default.contentsOfDirectory(
            at: directory, includingPropertiesForKeys: [.isDirectoryKey], options: [.skipsHiddenFiles])) ?? [])
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
    }

    private static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }
}

// MARK: - Parallel execution

/// Runs `count` independent jobs on all cores and returns their results in order.
func oracleParallelMap<T: Sendable>(_ count: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let slots = OracleResultSlots<T>(count)
    DispatchQueue.concurrentPerform(iterations: count) { index in
        slots.set(index, body(index))
    }
    return slots.all
}

/// Lock-protected result slots filled by concurrent jobs.
final class OracleResultSlots<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [T?]

    init(_ count: Int) { values = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: T) {
        lock.lock()
        values[index] = value
        lock.unlock()
    }

    var all: [T] {
        lock.lock()
        defer { lock.unlock() }
        return values.map { $0! }
    }
}
