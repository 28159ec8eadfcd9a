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

/// Where a command's output goes, and what it may know about its environment; tests pass
/// their own to capture output.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    public var stdoutIsTerminal: Bool
    public var stderrIsTerminal: Bool
    public var environment: [String: String]
    public var currentDirectory: String
    /// Writes to standard error as is, with no newline (the progress line redraws itself).
    public var progress: @Sendable (String) -> Void = { SystemCall.writeStandardError($0) }
    /// All of standard input (`check -`); nil when it cannot be read.
    public var standardInput: @Sendable () -> [UInt8]? = { SystemCall.readStandardInput() }

    public init(out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
                stdoutIsTerminal: Bool = false, stderrIsTerminal: Bool = false,
                environment: [String: String] = [:], currentDirectory: String = FileManager.default.currentDirectoryPath) {
        self.out = out
        self.err = err
        self.stdoutIsTerminal = stdoutIsTerminal
        self.stderrIsTerminal = stderrIsTerminal
        self.environment = environment
        self.currentDirectory = currentDirectory
    }

    /// The process's real standard output and error.
    public static var standard: Console {
        // Standard output is buffered (thousands of findings, one write each, is slow); standard
        // error flushes it first so the two keep their order on a shared terminal.
        let out = StandardOutput.shared
        return Console(out: { out.write($0 + "\n") },
                       err: { out.flush(); SystemCall.writeStandardError($0 + "\n") },
                       stdoutIsTerminal: isatty(1) != 0, stderrIsTerminal: isatty(2) != 0,
                       environment: ProcessInfo.processInfo.environment)
    }

    /// `obs-migrate: error: ...` on standard error.
    public func error(_ message: String) { err("obs-migrate: error: \(message)") }
    public func note(_ message: String) { err("obs-migrate: \(message)") }
    public func warning(_ message: String) { err("obs-migrate: warning: \(message)") }

    /// Colour on a terminal, unless `NO_COLOR` is set to a non-empty value (no-color.org: an
    /// empty one does not count) or the terminal is dumb; `FORCE_COLOR` (non-empty) turns it on.
    public var useColor: Bool { useColor(.auto) }

    public func useColor(_ choice: ColorChoice) -> Bool {
        switch choice {
        case .always: return true
        case .never: return false
        case .auto:
            if !(environment["NO_COLOR"] ?? "").isEmpty { return false }
            if !(environment["FORCE_COLOR"] ?? "").isEmpty { return true }
            return stdoutIsTerminal && environment["TERM"] != "dumb"
        }
    }
}

/// A buffered standard output, flushed when it grows past 64 KiB and before the process exits.
public final class StandardOutput: @unchecked Sendable {
    public static let shared = StandardOutput()
    private let lock = Lock()
    private var buffer: [UInt8] = []

    func write(_ text: String) {
        lock.lock()
        buffer.append(contentsOf: text.utf8)
        let full = buffer.count >= 1 << 16
        lock.unlock()
        if full { flush() }
    }

    public func flush() {
        lock.lock()
        defer { lock.unlock() }
        guard !buffer.isEmpty else { return }
        buffer.withUnsafeBytes { SystemCall.writeAll(1, $0) }
        buffer.removeAll(keepingCapacity: true)
    }
}

public enum ExitCode {
    public static let clean: Int32 = 0
    public static let findings: Int32 = 1
    public static let error: Int32 = 2
}

public enum CommandLineTool {
    public static let version = ToolVersion.current

    public static let commands: [(name: String, summary: String)] = [
        ("check", "Report legacy ObservableObject patterns (exit 0 clean, 1 findings, 2 error)"),
        ("fix", "Show the migration as a diff; --write applies it in place"),
        ("plan", "Rank the blockers by what resolving each would let migrate; progress per module (text, json, html)"),
        ("rules", "List the rules"),
        ("explain", "Print one rule's documentation: obs-migrate explain OBS104"),
        ("install-hook", "Install a git pre-commit hook that runs `check --staged`"),
    ]

    public static var help: String {
        let width = commands.map(\.name.count).max()! + 2
        let list = commands.map { "  " + $0.name + String(repeating: " ", count: width - $0.name.count) + $0.summary }
        return """
            obs-migrate \(version): migrate SwiftUI code from ObservableObject to @Observable

            USAGE: obs-migrate <command> [options] [PATH...]

            COMMANDS:
            \(list.joined(separator: "\n"))

            OPTIONS:
              -h, --help     Show help (also: obs-migrate <command> --help)
              --version      Show the version

            Decisions are made for the whole project (the git root above the first PATH, or the
            current directory): PATHs choose which files are reported or rewritten.
            """
    }

    /// What the executable does with its arguments (`main.swift`, which exits with the status):
    /// it sets up the process, runs the command on the real console and flushes its output.
    package static func runAsProcess(_ args: [String]) -> Int32 {
        TemporaryFiles.removeOnInterrupt()  // first, before any thread starts
        ProcessLifetime.keepsResultsUntilExit = true
        pauseDuringRenamesForTests()
        let status = Timings.measure("total") { run(args, console: .standard) }
        StandardOutput.shared.flush()
        return status
    }

    /// `OBS_MIGRATE_TEST_PAUSE_AFTER_RENAMES=N:MARKER`, for the tests that stop a `fix --write`
    /// during its renames: once N files are replaced, the writer creates the file MARKER and
    /// waits (up to a minute, or until a signal comes) before the next, so that a test can
    /// send SIGKILL or SIGTERM at a known point instead of racing the renames.
    static func pauseDuringRenamesForTests() {
        guard let setting = getenv("OBS_MIGRATE_TEST_PAUSE_AFTER_RENAMES").map({ String(cString: $0) }),
              let colon = setting.firstIndex(of: ":"), let count = Int(setting[..<colon]) else { return }
        let marker = String(setting[setting.index(after: colon)...])
        FileWriter.hooks.betweenRenames = { replaced, _ in
            guard replaced == count else { return }
            close(open(marker, O_WRONLY | O_CREAT | O_CLOEXEC, 0o644))
            for _ in 0..<6000 where !TemporaryFiles.isInterrupted { usleep(10_000) }
        }
    }

    public static func run(_ args: [String], console: Console) -> Int32 {
        guard let first = args.first else {
            console.err(help)
            return ExitCode.error
        }
        let rest = Array(args.dropFirst())
        do {
            switch first {
            case "-h", "--help", "help":
                if let topic = rest.first, topic != "-h" {
                    guard let text = commandHelp(topic) else { throw UsageError("unknown command '\(topic)'") }
                    console.out(text)
                } else {
                    console.out(help)
                }
                return ExitCode.clean
            case "--version", "-V", "version":
                console.out("obs-migrate \(version)")
                return ExitCode.clean
            case "check":
                return try CheckCommand.run(rest, console: console)
            case "fix":
                return try FixCommand.run(rest, console: console)
            case "plan":
                return try PlanCommand.run(rest, console: console)
            case "rules":
                return try InfoCommands.rules(rest, console: console)
            case "explain":
                return try InfoCommands.explain(rest, console: console)
            case "install-hook":
                return try HookCommand.run(rest, console: console)
            default:
                let suggestion = ArgumentParser.closest(first, among: commands.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError(first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown command '\(first)'\(suggestion); see 'obs-migrate --help'")
            }
        } catch let error as UsageError {
            console.error(error.message)
            return ExitCode.error
        } catch {
            console.error("\(error)")
            return ExitCode.error
        }
    }

    static func commandHelp(_ name: String) -> String? {
        switch name {
        case "check": CheckCommand.help
        case "fix": FixCommand.help
        case "plan": PlanCommand.help
        case "rules": InfoCommands.rulesHelp
        case "explain": InfoCommands.explainHelp
        case "install-hook": HookCommand.help
        default: nil
        }
    }
}
