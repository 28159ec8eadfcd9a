#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
#else
import Foundation
#endif
import ObsMigrateSupport

/// How the prepared files replace their originals, all or none.
///
/// The whole run is one group: the plan decides every model at once, and a model's migration
/// reaches files that other models' migrations reach too (a view of two models, a subclass in
/// another file, a shared extension), so no smaller group is known to compile on its own.
/// Each temporary file is swapped with its original in one atomic step (`SystemCall.exchange`),
/// which keeps the original, under the temporary name, until the end: a file found changed,
/// or an interrupt, puts back every file replaced so far. Only then are the originals removed
/// and each touched folder flushed once.
extension FileWriter {
    /// What a commit did, for the report and for a signal that ends the process.
    struct CommitOutcome {
        var failures: [Int: Failure] = [:]
        /// Files replaced and kept.
        var written = 0
        /// Files replaced, then put back when the commit could not finish.
        var restored = 0
        /// Files replaced that could not be put back (see `summary`).
        var kept: [String] = []

        var summary: String {
            var text = written == 0 ? "nothing was written" : "\(written) file\(written == 1 ? " was" : "s were") written"
            if restored > 0 { text += "; the \(restored) file\(restored == 1 ? "" : "s") replaced before that were put back as they were" }
            if !kept.isEmpty { text += "; \(kept.count) could not be put back: \(kept.prefix(3).joined(separator: ", "))\(kept.count > 3 ? " ..." : "")" }
            return text
        }
    }

    /// A file replaced during the commit: its original is at `p.temp` when `swapped` (else it
    /// is gone: the file system cannot swap, so the new file was renamed over it).
    struct Replaced {
        var k: Int
        var p: Prepared
        var swapped: Bool
    }

    /// Flushes prepared files and renames them over their originals, all or none (see
    /// `writeAll`): failures by position in `prepared`, the others then `.notAttempted`.
    static func commitAll(_ prepared: [Result<Prepared, Failure>]) -> [Int: Failure] {
        // Temporary files are flushed on several threads: each `fsync` waits for the disk,
        // and a migration touches hundreds of files. Thousands are flushed together instead,
        // one `syncfs` a file system, which costs a fraction of as many `fsync` calls.
        var outcomes = prepared
        let together = prepared.count >= flushTogetherFrom && SystemCall.canSyncFileSystem
        Timings.measure("write: flush new files") {
            outcomes.withUnsafeMutableBufferPointer { buffer in
                nonisolated(unsafe) let out = buffer
                concurrentIO(out.count) { k in out[k] = out[k].flatMap { finish($0, flush: !together) } }
            }
            if together { flushFileSystems(&outcomes) }
        }
        var failures: [Int: Failure] = [:]
        for (k, outcome) in outcomes.enumerated() {
            if case .failure(let failure) = outcome { failures[k] = failure }
        }
        // A check of all files before any is replaced: nobody changed them meanwhile.
        if failures.isEmpty {
            for (k, outcome) in outcomes.enumerated() {
                guard case .success(let p) = outcome else { continue }
                hooks.beforeRename?(p.target)
                if !isUnchanged(p) { failures[k] = .changedOnDisk }
            }
        }
        if !failures.isEmpty {
            for case .success(let p) in outcomes { TemporaryFiles.remove(p.temp) }
            for k in outcomes.indices where failures[k] == nil { failures[k] = .notAttempted }
            return failures
        }
        let ready = outcomes.enumerated().compactMap { k, outcome -> (Int, Prepared)? in
            if case .success(let p) = outcome { (k, p) } else { nil }
        }
        return TemporaryFiles.committing({ interrupted in replaceAll(ready, interrupted: interrupted) }, summary: \.summary).failures
    }

    /// How many files a commit has before it flushes them a file system at a time: fewer are
    /// flushed one by one, which does not wait for what other programs have written. (Tests
    /// lower it, before running a command.)
    nonisolated(unsafe) static var flushTogetherFrom = 1_000

    /// Flushes the file systems that hold the prepared files, one `syncfs` each (after
    /// `finish(_:flush: false)`); a file system that cannot be flushed fails its files.
    static func flushFileSystems(_ outcomes: inout [Result<Prepared, Failure>]) {
        var folderOfDevice: [UInt64: String] = [:]
        for case .success(let p) in outcomes where folderOfDevice[p.before.device] == nil {
            folderOfDevice[p.before.device] = p.temp.deletingLastPathComponent
        }
        var failedDevices: [UInt64: Int32] = [:]
        for (device, folder) in folderOfDevice {
            let code = SystemCall.syncFileSystem(holding: folder) ?? ENOSYS
            if code != 0 { failedDevices[device] = code }
        }
        guard !failedDevices.isEmpty else { return }
        for k in outcomes.indices {
            guard case .success(let p) = outcomes[k], let code = failedDevices[p.before.device] else { continue }
            outcomes[k] = .failure(dropping(p.temp, code))
        }
    }

    /// Replaces each file after checking it once more, then checks the originals it swapped
    /// out; on a change or an interrupt, puts everything back.
    static func replaceAll(_ ready: [(k: Int, p: Prepared)], interrupted: () -> Int32?) -> CommitOutcome {
        var outcome = CommitOutcome()
        var replaced: [Replaced] = []
        replaced.reserveCapacity(ready.count)
        var failed: Int? = nil
        let renames = Timings.Span("write: check and swap each file")
        for (k, p) in ready {
            hooks.betweenRenames?(replaced.count, p.target)
            if interrupted() != nil { break }
            guard isUnchanged(p) else { outcome.failures[k] = .changedOnDisk; failed = k; break }
            switch replace(p) {
            case .success(let swapped): replaced.append(Replaced(k: k, p: p, swapped: swapped))
            case .failure(let failure): outcome.failures[k] = failure; failed = k
            }
            if failed != nil { break }
        }
        renames.end()
        let recheck = Timings.Span("write: check the originals swapped out and the files in place")
        defer { recheck.end() }
        // An edit made in place between a file's last check and its swap went to the original,
        // now under the temporary name: look at each before letting any go, and at the file in
        // place, which another program may have renamed its own file over since.
        if failed == nil, replaced.count == ready.count,
           let changed = replaced.first(where: { !isInPlace($0.p) || ($0.swapped && !isUnchangedAfterSwap($0.p)) }) {
            outcome.failures[changed.k] = .changedOnDisk
            failed = changed.k
        }
        if failed == nil, replaced.count == ready.count {
            // Finished: an interrupt from here on is told that everything was written.
            recheck.end()
            // On many threads: freeing a file's blocks may wait for the disk (a file system
            // mounted with `discard` trims them at once, 3 ms a file on this project's machine).
            let originals = replaced.filter(\.swapped).map(\.p.temp)
            Timings.measure("write: remove the originals") { concurrentIO(originals.count, workers: 16) { unlink(originals[$0]) } }
            for r in replaced { TemporaryFiles.forget(r.p.temp) }
            Timings.measure("write: flush folders") { syncDirectories(of: replaced.map(\.p.target)) }
            outcome.written = replaced.count
            return outcome
        }
        // Put back what was replaced, newest first.
        var stays = Set<Int>()
        for r in replaced.reversed() {
            if r.swapped, restore(r.p) {
                outcome.restored += 1
            } else {
                stays.insert(r.k)
                if r.swapped {
                    let kept = keepOriginal(r.p)
                    outcome.kept.append("\(r.p.target) (what it held before is in \(kept))")
                    outcome.failures[r.k] = .changedAfterReplaced(keptIn: kept.lastPathComponent)
                } else {
                    outcome.kept.append(r.p.target)
                }
            }
            TemporaryFiles.forget(r.p.temp)
        }
        outcome.written = stays.count
        let touched = Set(replaced.map(\.k))
        for (k, p) in ready where !touched.contains(k) { TemporaryFiles.remove(p.temp) }
        syncDirectories(of: replaced.map(\.p.target))
        for (k, _) in ready where outcome.failures[k] == nil && !stays.contains(k) { outcome.failures[k] = .notAttempted }
        return outcome
    }

    /// Whether the original is still the version that was read: its status says so, or, when
    /// its times cannot tell (as recent as the clock, or changed by a `touch`), its content.
    static func isUnchanged(_ p: Prepared) -> Bool {
        guard case .success(let now) = FileStatus.of(p.target) else { return false }
        if now.isSameVersion(as: p.before), !p.before.isRacy(clock: p.clock) { return true }
        guard now.isSameFile(as: p.before), now.mode == p.before.mode else { return false }
        return p.original.readUnchanged(p.target) != nil
    }

    /// Whether the original, swapped out to the temporary name, is still what was read.
    /// (The swap changed its change time: size and modification time tell, or the content.)
    static func isUnchangedAfterSwap(_ p: Prepared) -> Bool {
        guard case .success(let now) = FileStatus.of(p.temp, followingLinks: false), now.isSameFile(as: p.before) else { return false }
        if now.isSameContentAfterRename(as: p.before), !p.before.isRacy(clock: p.clock) { return true }
        return p.original.readUnchanged(p.temp) != nil
    }

    /// Puts the new file in place of the original: swapped (the original kept under the
    /// temporary name), or, where the file system cannot swap, renamed over it.
    static func replace(_ p: Prepared) -> Result<Bool, Failure> {
        if let code = hooks.fault?(.rename, p.target) { return .failure(dropping(p.temp, code)) }
        if SystemCall.exchange(p.temp, p.target) == 0 { return .success(true) }
        let code = errno
        if code == ENOSYS || code == EINVAL || code == ENOTSUP || code == EOPNOTSUPP {
            if SystemCall.rename(p.temp, p.target) == 0 { return .success(false) }
        }
        let failed = errno
        TemporaryFiles.remove(p.temp)
        return .failure(failed == EACCES || failed == EPERM ? .notWritable(SystemError(code: failed).message) : .failed(SystemError(code: failed).message))
    }

    /// Swaps the original back, when the file in place is still the new one as written (one
    /// changed since is left, and the original kept beside it: see `keepOriginal`). Whether it did.
    static func restore(_ p: Prepared) -> Bool {
        guard p.content.readUnchanged(p.target) != nil, SystemCall.exchange(p.temp, p.target) == 0 else { return false }
        unlink(p.temp)
        return true
    }

    /// Gives an original that could not be put back a name of its own beside the file
    /// (`Name.swift.obs-migrate-original`), so that no later run takes it for a leftover;
    /// returns where it is.
    static func keepOriginal(_ p: Prepared) -> String {
        let kept = p.target + ".obs-migrate-original"
        guard link(p.temp, kept) == 0 else { return p.temp }
        unlink(p.temp)
        return kept
    }

    /// Whether the file in place is still the one the commit put there.
    static func isInPlace(_ p: Prepared) -> Bool {
        guard let written = p.written, case .success(let now) = FileStatus.of(p.target) else { return false }
        return now.isSameFile(as: written)
    }

    /// Flushes each folder of `paths` once, on several threads, so the renames survive a
    /// power cut once the run returns.
    static func syncDirectories(of paths: [String]) {
        let folders = Array(Set(paths.map(\.deletingLastPathComponent))).sorted()
        concurrentIO(folders.count) { SystemCall.syncDirectory(folders[$0]) }
    }
}
