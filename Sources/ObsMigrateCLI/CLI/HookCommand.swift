#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
#else
import Foundation
#endif
import ObsMigrateSupport
import ObsMigrateCore

/// `obs-migrate install-hook`: writes a plain git pre-commit hook that runs
/// `obs-migrate check --staged`, so staged legacy code blocks the commit.
enum HookCommand {
    static let specs: [OptionSpec] = [
        .flag("--force", short: "-f", "Replace an existing pre-commit hook"),
        .flag("--help", short: "-h", "Show this help"),
    ]

    /// A line every hook we write carries: such a hook is ours to replace without --force.
    static let marker = "# Installed by `obs-migrate install-hook`."

    static var help: String {
        """
        USAGE: obs-migrate install-hook [--force]

        Writes the repository's pre-commit hook (.git/hooks/pre-commit, or the folder named by
        `git config core.hooksPath`; in a linked worktree, the hooks folder it shares). The hook
        is a POSIX sh script running `obs-migrate check --staged` with this binary's absolute
        path (or `obs-migrate` from PATH when that is gone): a commit whose staged Swift files
        have findings is refused. Bypass it once with `git commit --no-verify`.

        An existing hook is left alone unless --force (a hook written by install-hook is
        simply updated). Works from any folder of the work tree.

        OPTIONS:
        \(ArgumentParser.helpLines(specs))
        """
    }

    static func run(_ args: [String], console: Console) throws -> Int32 {
        let parsed = try ArgumentParser.parse(args, specs: specs, command: "install-hook")
        if parsed.has("--help") { console.out(help); return ExitCode.clean }
        if let extra = parsed.positionals.first { throw UsageError("unexpected argument '\(extra)' for 'install-hook'") }
        let cwd = console.currentDirectory

        let inside = try Git.run(["rev-parse", "--is-inside-work-tree"], in: cwd)
        guard inside.status == 0 else {
            if inside.stderr.contains("not a git repository") { throw UsageError("install-hook: not a git repository: \(cwd)") }
            throw UsageError("install-hook: \(inside.errorLine)")
        }
        guard inside.text.trimmingWhitespaceAndNewlines() == "true" else {
            throw UsageError("install-hook: run it inside the work tree (a bare repository makes no commits to check)")
        }
        // `--git-path hooks` honours core.hooksPath (a relative one is relative to the top of
        // the work tree) and, in a linked worktree, names the hooks folder of the main one.
        let hooksQuery = try Git.run(["rev-parse", "--git-path", "hooks"], in: cwd)
        guard hooksQuery.status == 0 else { throw UsageError("install-hook: \(hooksQuery.errorLine)") }
        let hooksDirectory = ProjectLoader.absolutePath(hooksQuery.text.trimmingNewlines(), cwd: cwd)
        let hookPath = hooksDirectory + "/pre-commit"

        let fm = FileManager.default
        let existing = (try? fm.attributesOfItem(atPath: hookPath)) != nil  // a dangling link exists too
        if existing && !parsed.has("--force") {
            let ours = (try? String(contentsOfFile: hookPath, encoding: .utf8))?.contains(marker) ?? false
            if !ours {
                throw UsageError("\(hookPath) already exists; use --force to replace it, "
                                 + "or add `obs-migrate check --staged || exit 1` to it")
            }
        }

        let binary = installedBinary()
        let script = hookScript(binary: binary)
        do {
            try fm.createDirectory(atPath: hooksDirectory, withIntermediateDirectories: true)
            // Written beside the hook, then renamed over it: never half a hook.
            let temporary = hooksDirectory + "/.pre-commit.obs-migrate-\(ProcessInfo.processInfo.processIdentifier).tmp"
            guard fm.createFile(atPath: temporary, contents: Data(script.utf8), attributes: [.posixPermissions: 0o755]) else {
                throw UsageError("cannot write \(temporary)")
            }
            try? fm.setAttributes([.posixPermissions: 0o755], ofItemAtPath: temporary)  // despite the umask
            guard rename(temporary, hookPath) == 0 else {
                let reason = String(cString: strerror(errno))
                try? fm.removeItem(atPath: temporary)
                throw UsageError("cannot write \(hookPath): \(reason)")
            }
        } catch let error as UsageError {
            throw error
        } catch {
            throw UsageError("cannot write \(hookPath): \(describe(error))")
        }

        console.out("Installed \(hookPath): runs `\(binary ?? "obs-migrate") check --staged` before each commit.")
        if binary == nil {
            console.note("note: could not tell where this obs-migrate binary is; the hook runs `obs-migrate` from PATH"
                         + (Git.findExecutable("obs-migrate") == nil ? ", which is not on PATH now" : ""))
        }
        return ExitCode.clean
    }

    /// The absolute path of the running obs-migrate executable, as it was invoked (a symbolic
    /// link such as a package manager's bin/obs-migrate is kept, so upgrades are followed).
    /// Nil when the running program is not obs-migrate (tests run the library in-process).
    static func installedBinary() -> String? {
        guard let arg0 = CommandLine.arguments.first, !arg0.isEmpty else { return nil }  // argv[0] as typed, links kept
        guard ["obs-migrate", "obs-migrate.exe"].contains(arg0.lastPathComponent) else { return nil }
        if arg0.contains("/") {
            let path = ProjectLoader.absolutePath(arg0, cwd: FileManager.default.currentDirectoryPath)
            return FileManager.default.isExecutableFile(atPath: path) ? path : nil
        }
        return Git.findExecutable(arg0)
    }

    /// A single-quoted sh word.
    static func shellQuoted(_ s: String) -> String {
        "'" + s.replacingAll("'", with: "'\\''") + "'"
    }

    static func hookScript(binary: String?) -> String {
        """
        #!/bin/sh
        \(marker)
        # Refuses a commit whose staged Swift files use ObservableObject patterns that should move
        # to @Observable (obs-migrate check --staged: the staged content is checked, decisions
        # are made for the whole project). Bypass once: git commit --no-verify.
        # Update or replace: obs-migrate install-hook --force.

        installed=\(shellQuoted(binary ?? ""))
        obs_migrate=$installed
        if [ ! -x "$obs_migrate" ]; then
            obs_migrate=$(command -v obs-migrate 2>/dev/null) || {
                echo "obs-migrate pre-commit hook: cannot find obs-migrate (not at '$installed', not on PATH);" \\
                    "reinstall it, or bypass once with git commit --no-verify" >&2
                exit 1
            }
        fi

        "$obs_migrate" check --staged
        status=$?
        if [ "$status" -eq 1 ]; then
            echo "obs-migrate: commit refused: the staged Swift code above uses ObservableObject patterns." >&2
            echo "obs-migrate: migrate with 'obs-migrate fix --write <file>...' and stage the result, or bypass once with 'git commit --no-verify'." >&2
        fi
        exit "$status"

        """
    }
}
