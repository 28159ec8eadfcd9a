import Foundation
import XCTest
@testable import ObsMigrateCore
@testable import ObsMigrateSupport
@testable import ObsMigrateCLI

/// Faults during `fix --write`'s renames (issue 30): an edit made while files are being
/// replaced is never lost, and a kill or an interrupt leaves the tree consistent. The races are
/// driven through the writer's hooks (in this process) or its pause for tests (a child
/// process stopped at a known rename), never by timing.
final class WriterFaultTests: XCTestCase {
    override func tearDown() {
        FileWriter.hooks = FileWriter.Hooks()
        FileWriter.flushTogetherFrom = 1_000
        super.tearDown()
    }

    /// Many files are flushed a file system at a time (`syncfs` on Linux) instead of one
    /// `fsync` each: the same files are written, nothing is left behind, and a file that fails
    /// its flush step still stops the whole change.
    func testFilesFlushedTogetherAreWrittenAllOrNone() throws {
        FileWriter.flushTogetherFrom = 2
        let box = try sixFileProject("flush-together")
        let before = contents(box)
        FileWriter.hooks.fault = { step, target in step == .sync && target.hasSuffix("/N3.swift") ? EIO : nil }
        let failed = box.run(["fix", "--write", "--project-root", ".", "."])
        XCTAssertEqual(failed.code, 2, failed.out)
        XCTAssertEqual(contents(box), before, "nothing written when one file cannot be flushed")
        assertNoTemporaryFiles(box)
        FileWriter.hooks = FileWriter.Hooks()
        let fix = box.run(["fix", "--write", "--project-root", ".", "."])
        XCTAssertEqual(fix.code, 0, fix.err)
        XCTAssertEqual(box.text("M.swift"), Legacy.migratedModel)
        XCTAssertEqual(box.text("N3.swift"), "import SwiftUI\n\n@Observable final class N3 {\n    var y = 0\n}\n")
        assertNoTemporaryFiles(box)
        let written = contents(box)
        XCTAssertEqual(box.run(["fix", "--write", "--project-root", ".", "."]).code, 0)
        XCTAssertEqual(contents(box), written, "a second fix changes nothing")
    }

    /// The legacy project and four independent models: six files to replace, in path order
    /// M, N1, N2, N3, N4, V.
    func sixFileProject(_ name: String) throws -> Sandbox {
        let box = try Sandbox(name)
        try box.legacyProject()
        for n in 1...4 {
            try box.write("N\(n).swift", "import SwiftUI\n\nfinal class N\(n): ObservableObject {\n    @Published var y = 0\n}\n")
        }
        return box
    }

    func contents(_ box: Sandbox) -> [String: String] {
        box.listing().reduce(into: [:]) { $0[$1] = box.text($1) }
    }

    func append(_ line: String, to path: String) {
        let fd = open(path, O_WRONLY | O_APPEND)
        _ = line.withCString { write(fd, $0, strlen($0)) }
        close(fd)
    }

    func assertNoTemporaryFiles(_ box: Sandbox, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(box.listing().filter { $0.contains(".obs-migrate-") }, [], "temporary files left behind", file: file, line: line)
        XCTAssertEqual(TemporaryFiles.count, 0, "temporary files still registered", file: file, line: line)
    }

    /// The lost edit: once files are being replaced, a person appends a line to one not
    /// yet replaced. It is not written over: the run reports it (exit 2) and puts back the
    /// files it had replaced, so the project is as it was, with the person's line.
    func testEditDuringTheRenamesIsNeverLost() throws {
        let box = try sixFileProject("edit-during-renames")
        var expected = contents(box)
        var edited: String? = nil
        FileWriter.hooks.betweenRenames = { replaced, target in
            guard replaced == 2 else { return }
            edited = target.lastPathComponent
            self.append("// edited meanwhile\n", to: target)
        }
        let fix = box.run(["fix", "--write", "--project-root", ".", "."])
        XCTAssertEqual(fix.code, 2, fix.out)
        XCTAssertEqual(edited, "N2.swift")
        expected["N2.swift"]! += "// edited meanwhile\n"
        XCTAssertEqual(contents(box), expected, "every file as it was, with the edit")
        XCTAssertEqual(fix.err.split(separator: "\n").map(String.init), [
            "obs-migrate: error: 5 files (M.swift, N1.swift, N3.swift and 2 more): not written: another file could not be written, so no file was changed",
            "obs-migrate: error: N2.swift: file changed on disk since it was read; not written",
        ])
        assertNoTemporaryFiles(box)
        // Nothing is left half done: a second run migrates everything, the edit included.
        FileWriter.hooks = FileWriter.Hooks()
        XCTAssertEqual(box.run(["fix", "--write", "--project-root", ".", "."]).code, 0)
        XCTAssertEqual(box.text("M.swift"), Legacy.migratedModel)
        XCTAssertEqual(box.text("N2.swift"), "import SwiftUI\n\n@Observable final class N2 {\n    var y = 0\n}\n// edited meanwhile\n")
    }

    /// An edit that lands after a file's last check, in the instant before it is swapped out,
    /// goes to the original, which the writer still holds: found, and everything put back.
    func testEditBetweenTheLastCheckAndTheSwapIsFound() throws {
        let box = try sixFileProject("edit-before-swap")
        var expected = contents(box)
        FileWriter.hooks.fault = { step, target in
            if step == .rename, target.hasSuffix("/N3.swift") { self.append("// edited meanwhile\n", to: target) }
            return nil
        }
        let fix = box.run(["fix", "--write", "--project-root", ".", "."])
        XCTAssertEqual(fix.code, 2, fix.out)
        XCTAssertTrue(fix.err.contains("N3.swift: file changed on disk since it was read; not written"), fix.err)
        expected["N3.swift"]! += "// edited meanwhile\n"
        XCTAssertEqual(contents(box), expected)
        assertNoTemporaryFiles(box)
    }

    /// An editor that saves by renaming its own file over one the run has already replaced
    /// (after the swap, before the run ends): that file is left as the editor wrote it, what it
    /// held before is kept beside it, and the other files are put back.
    func testFileReplacedByAnotherProgramAfterItsSwapIsLeftAndTheRestPutBack() throws {
        let box = try sixFileProject("replaced-after-swap")
        var expected = contents(box)
        let saved = "import SwiftUI\n\nfinal class M: ObservableObject {\n    @Published var x = 1\n}\n"
        FileWriter.hooks.betweenRenames = { replaced, _ in
            guard replaced == 3 else { return }
            let editor = box.file(".M.swift.editor-save")
            FileManager.default.createFile(atPath: editor, contents: Data(saved.utf8))
            rename(editor, box.file("M.swift"))
        }
        let fix = box.run(["fix", "--write", "--project-root", ".", "."])
        XCTAssertEqual(fix.code, 2, fix.out)
        XCTAssertTrue(fix.err.contains("M.swift: changed on disk after it was replaced; left as it is now, and what it held before is in M.swift.obs-migrate-original"), fix.err)
        expected["M.swift"] = saved
        expected["M.swift.obs-migrate-original"] = Legacy.model
        XCTAssertEqual(contents(box), expected)
        XCTAssertEqual(TemporaryFiles.count, 0)
    }

    /// Same size, and the modification time set back as it was (as `touch -r` or a restore
    /// does): the change time differs, so the content is compared. A file only touched (same
    /// content, new time) is still written.
    func testSameSizeEditWithItsTimeSetBackIsFoundAndATouchIsNot() throws {
        let box = try sixFileProject("same-size-edit")
        var expected = contents(box)
        FileWriter.hooks.betweenRenames = { replaced, target in
            guard replaced == 1 else { return }
            var st = stat()
            stat(target, &st)
            var text = Array(self.contentsOfFile(target).utf8)
            text[text.count - 2] = UInt8(ascii: "!")  // "}" of the class, same length
            let fd = open(target, O_WRONLY | O_TRUNC)
            _ = text.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
            var times = [st.st_atim, st.st_mtim]
            futimens(fd, &times)
            close(fd)
        }
        let fix = box.run(["fix", "--write", "--project-root", ".", "."])
        XCTAssertEqual(fix.code, 2, fix.out)
        XCTAssertTrue(fix.err.contains("N1.swift: file changed on disk since it was read; not written"), fix.err)
        expected["N1.swift"] = String(expected["N1.swift"]!.dropLast(2)) + "!\n"
        XCTAssertEqual(contents(box), expected)
        assertNoTemporaryFiles(box)

        try box.write("N1.swift", "import SwiftUI\n\nfinal class N1: ObservableObject {\n    @Published var y = 0\n}\n")
        FileWriter.hooks.betweenRenames = { replaced, target in
            guard replaced == 1 else { return }
            utimensat(AT_FDCWD, target, nil, 0)  // both times now
        }
        XCTAssertEqual(box.run(["fix", "--write", "--project-root", ".", "."]).code, 0)
        XCTAssertEqual(box.text("N1.swift"), "import SwiftUI\n\n@Observable final class N1 {\n    var y = 0\n}\n")
        XCTAssertEqual(box.text("V.swift"), Legacy.migratedView)
        assertNoTemporaryFiles(box)
    }

    func contentsOfFile(_ path: String) -> String {
        String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
    }

    /// The times of a file written in the same clock tick as the run read it cannot tell a
    /// later write: such a file is compared by content.
    func testTimesAsRecentAsTheClockAreRacy() {
        func status(modified: Int, changed: Int) -> FileStatus {
            var st = stat()
            st.st_mode = S_IFREG | 0o644
            st.st_mtim = timespec(tv_sec: modified / 10, tv_nsec: modified % 10 * 100_000_000)
            st.st_ctim = timespec(tv_sec: changed / 10, tv_nsec: changed % 10 * 100_000_000)
            return FileStatus(st)
        }
        let clock = status(modified: 100, changed: 100)  // 10.0 s
        XCTAssertFalse(status(modified: 95, changed: 99).isRacy(clock: clock))
        XCTAssertTrue(status(modified: 95, changed: 100).isRacy(clock: clock), "changed in the clock's tick")
        XCTAssertTrue(status(modified: 100, changed: 99).isRacy(clock: clock), "modified in the clock's tick")
        XCTAssertTrue(status(modified: 101, changed: 101).isRacy(clock: clock))
        // The change time is compared too: a modification time set back does not hide a write.
        XCTAssertFalse(status(modified: 95, changed: 99).isSameVersion(as: status(modified: 95, changed: 98)))
        XCTAssertTrue(status(modified: 95, changed: 99).isSameVersion(as: status(modified: 95, changed: 99)))
    }

    // MARK: - Leftovers of a killed run

    func testTemporaryFileNamesTellTheirMaker() {
        XCTAssertEqual(TemporaryFiles.maker(ofName: ".Cart.swift.obs-migrate-4242.tmp"), 4242)
        XCTAssertEqual(TemporaryFiles.maker(ofName: ".Cart.swift.obs-migrate-4242-17.tmp"), 4242)
        XCTAssertEqual(TemporaryFiles.maker(ofName: ".project.pbxproj.obs-migrate-9.tmp"), 9)
        XCTAssertEqual(TemporaryFiles.maker(ofName: ".a.obs-migrate-1.obs-migrate-2.tmp"), 2)
        for other in ["Cart.swift.obs-migrate-1.tmp", ".obs-migrate-1.tmp", ".Cart.swift.obs-migrate-.tmp",
                      ".Cart.swift.obs-migrate-1x.tmp", ".Cart.swift.obs-migrate-1-2-3.tmp", ".Cart.swift.obs-migrate-1.tmp~",
                      ".Cart.swift.obs-migrate-12345678901.tmp", ".Cart.swift.tmp"] {
            XCTAssertNil(TemporaryFiles.maker(ofName: other), other)
        }
        let path = TemporaryFiles.path(beside: "/p/Sources/Cart.swift", attempt: 0)
        XCTAssertEqual(path, "/p/Sources/.Cart.swift.obs-migrate-\(getpid()).tmp")
        XCTAssertEqual(TemporaryFiles.maker(ofName: TemporaryFiles.path(beside: "/p/Cart.swift", attempt: 3).lastPathComponent), Int(getpid()))
    }

    /// A run finds the temporary files of a run that no longer runs, removes them before it
    /// stages anything and says how many; those of a process that runs stay.
    func testLeftoversOfAFinishedProcessAreRemovedAndSaid() throws {
        let box = try Sandbox("leftovers")
        try box.legacyProject()
        let finished = Process()
        finished.executableURL = URL(fileURLWithPath: "/bin/true")
        try finished.run()
        finished.waitUntilExit()
        let dead = finished.processIdentifier
        try box.write(".M.swift.obs-migrate-\(dead).tmp", "stale\n")
        try box.write(".V.swift.obs-migrate-\(dead)-99.tmp", "stale\n")
        try box.write("Sub/.X.swift.obs-migrate-4000000000.tmp", "from an older version\n")  // no such process id
        try box.write("Sub/X.swift", "struct X {}\n")
        try box.write(".M.swift.obs-migrate-1.tmp", "init's: it runs\n")
        try box.write("notes.obs-migrate-1.tmp.txt", "not ours\n")
        let fix = box.run(["fix", "--write", "--project-root", ".", "."])
        XCTAssertEqual(fix.code, 0, fix.err)
        XCTAssertEqual(fix.err, "obs-migrate: removed 3 temporary files (.NAME.obs-migrate-N.tmp) left by an earlier run that did not finish\n")
        XCTAssertEqual(box.listing().filter { $0.contains("obs-migrate-") }, [".M.swift.obs-migrate-1.tmp", "notes.obs-migrate-1.tmp.txt"])
        XCTAssertEqual(box.text("M.swift"), Legacy.migratedModel)
        // Nothing to remove: nothing said.
        try box.legacyProject()
        XCTAssertEqual(box.run(["fix", "--write", "--project-root", ".", "."]).err, "")
    }

    // MARK: - Signals during the renames (a child process paused at a known rename)

    struct Child {
        let process: Process
        let stderr: URL
        var errorText: String { (try? String(contentsOf: stderr, encoding: .utf8)) ?? "" }
    }

    /// Starts `fix --write` on `dir` in a child that pauses once `after` files are replaced,
    /// and waits until it does.
    func startPaused(on dir: String, after: Int, in box: Sandbox) throws -> Child {
        let marker = box.file("paused-\(UUID().uuidString)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: try HookSupport.debugBinary())
        process.arguments = ["fix", "--write", "--quiet", "--project-root", dir, dir]
        process.environment = ProcessInfo.processInfo.environment.merging(["OBS_MIGRATE_TEST_PAUSE_AFTER_RENAMES": "\(after):\(marker)"]) { $1 }
        let stderr = URL(fileURLWithPath: box.file("stderr-\(UUID().uuidString)"))
        _ = FileManager.default.createFile(atPath: stderr.path, contents: nil)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: stderr)
        try process.run()
        let deadline = Date().addingTimeInterval(300)
        while !FileManager.default.fileExists(atPath: marker), process.isRunning, Date() < deadline { usleep(20_000) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: marker), "the run never reached its renames: \(Child(process: process, stderr: stderr).errorText)")
        try? FileManager.default.removeItem(atPath: marker)
        return Child(process: process, stderr: stderr)
    }

    /// A generated app (models, views and their uses in many files), its pristine copy, and
    /// the tree a complete `fix --write` makes of it.
    func corpus(_ box: Sandbox) throws -> (pristine: String, original: [String: Data], migrated: [String: Data]) {
        let pristine = box.file("pristine")
        try FixtureSupport.generateCorpus(at: pristine, megabytes: 1, seed: 7)
        let complete = try copy(pristine, to: box.file("complete"))
        XCTAssertEqual(box.run(["fix", "--write", "--project-root", complete, complete]).code, 1)
        let migrated = FixtureSupport.tree(URL(fileURLWithPath: complete))
        let original = FixtureSupport.tree(URL(fileURLWithPath: pristine))
        // More files than the signal tests let through before their pause (5), so that some are
        // not replaced yet when the signal comes. (The generator's models with @AppStorage stay.)
        XCTAssertGreaterThan(Set(migrated.keys.filter { migrated[$0] != original[$0] }).count, 5)
        return (pristine, original, migrated)
    }

    func copy(_ from: String, to: String) throws -> String {
        try FileManager.default.copyItem(atPath: from, toPath: to)
        return to
    }

    func temporaryFiles(in dir: String) -> [String] {
        (FileManager.default.enumerator(atPath: dir)?.allObjects as? [String] ?? []).filter { $0.contains(".obs-migrate-") }
    }

    /// SIGTERM or SIGINT while files are being replaced: the files replaced so far are put
    /// back, the run says so and exits with 128 + the signal; the tree is as it was.
    func testSignalDuringTheRenamesPutsBackWhatWasReplaced() throws {
        let box = try Sandbox("signal-during-renames")
        let (pristine, original, _) = try corpus(box)
        for signal in [SIGTERM, SIGINT] {
            let dir = try copy(pristine, to: box.file("signal-\(signal)"))
            let child = try startPaused(on: dir, after: 5, in: box)
            kill(child.process.processIdentifier, signal)
            child.process.waitUntilExit()
            XCTAssertEqual(child.process.terminationReason, .exit, "signal \(signal)")
            XCTAssertEqual(child.process.terminationStatus, 128 + signal)
            let name = signal == SIGTERM ? "SIGTERM" : "SIGINT"
            XCTAssertEqual(child.errorText, "obs-migrate: error: interrupted by \(name): nothing was written; the 5 files replaced before that were put back as they were\n")
            XCTAssertEqual(FixtureSupport.tree(URL(fileURLWithPath: dir)), original, "signal \(signal)")
            XCTAssertEqual(temporaryFiles(in: dir), [])
        }
    }

    /// SIGKILL while files are being replaced cannot be caught: the tree is left with some
    /// files replaced and the temporary files of the rest. The next run removes those, says
    /// so, and completes the migration.
    func testKillDuringTheRenamesThenASecondRun() throws {
        let box = try Sandbox("kill-during-renames")
        let (pristine, _, migrated) = try corpus(box)
        let dir = try copy(pristine, to: box.file("killed"))
        let child = try startPaused(on: dir, after: 5, in: box)
        kill(child.process.processIdentifier, SIGKILL)
        child.process.waitUntilExit()
        XCTAssertEqual(child.process.terminationReason, .uncaughtSignal)
        let left = temporaryFiles(in: dir)
        XCTAssertGreaterThan(left.count, 5)
        let second = box.run(["fix", "--write", "--quiet", "--project-root", dir, dir])
        XCTAssertEqual(second.code, 1, second.err)
        XCTAssertEqual(second.err, "obs-migrate: removed \(left.count) temporary files (.NAME.obs-migrate-N.tmp) left by an earlier run that did not finish\n")
        XCTAssertEqual(temporaryFiles(in: dir), [])
        XCTAssertEqual(FixtureSupport.tree(URL(fileURLWithPath: dir)), migrated)
    }
}

/// `fix` refuses a rewrite that would change how a `/.../` regex literal, a comment or a string
/// of its file is read (the token before a `/` decides whether it opens a literal).
final class LiteralReadingGuardTests: XCTestCase {
    private func source(_ text: String) -> SourceFile { SourceFile(path: "A.swift", bytes: Array(text.utf8)) }

    func testAnImportAboveAFileThatOpensWithARegexLiteralIsCaught() {
        let original = source("\n/a b/ // c\nfinal class M {}\n")
        XCTAssertTrue(original.sigTokens.contains { $0.kind == .regex }, "the file opens with a regex literal")
        // After an identifier, the `/` divides: the literal is gone and `// c` reads differently.
        XCTAssertFalse(FixCommand.readsLiteralsAlike(original, source("import Observation\n\n/a b/ // c\nfinal class M {}\n")))
        // After `;` it still opens a literal: what the fix writes there.
        XCTAssertTrue(FixCommand.readsLiteralsAlike(original, source("import Observation;\n\n/a b/ // c\n@Observable final class M {}\n")))
    }

    func testFilesWithoutARegexLiteralAreNotCompared() {
        // No `/.../` on either side: the lexer reads literals the same way whatever an edit does.
        XCTAssertTrue(FixCommand.readsLiteralsAlike(source("let a = \"x\" // c\n"), source("let a = \"x\"\n")))
    }
}
