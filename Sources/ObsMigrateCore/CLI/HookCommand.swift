/// `obs-migrate install-hook`: placeholder replaced by the pre-commit issue's work.
enum HookCommand {
    static let help = "USAGE: obs-migrate install-hook [--force]\n\nWrites .git/hooks/pre-commit running `obs-migrate check --staged`."

    static func run(_ args: [String], console: Console) throws -> Int32 {
        throw UsageError("install-hook is not available yet")
    }
}
