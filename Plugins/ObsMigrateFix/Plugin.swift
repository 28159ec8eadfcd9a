import Foundation
import PackagePlugin

/// `swift package --allow-writing-to-package-directory plugin obs-migrate-fix [--target NAME ...]`:
/// runs `obs-migrate fix --write` on the package (or the named targets' folders), deciding for
/// the whole package. Findings left for a person fail the command, as `fix --write` exits 1.
@main
struct ObsMigrateFix: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try ObsMigrateRun.run(["fix", "--write"], context: context, arguments: arguments)
    }
}

/// Shared by both plugins (each plugin target is compiled on its own, so this is duplicated in
/// Plugins/ObsMigrateCheck/Plugin.swift).
enum ObsMigrateRun {
    static func run(_ command: [String], context: PluginContext, arguments: [String]) throws {
        var extractor = ArgumentExtractor(arguments)
        let targetNames = extractor.extractOption(named: "target")
        let root = context.package.directoryURL.path
        let paths = targetNames.isEmpty ? [root]
            : try context.package.targets(named: targetNames).flatMap { ($0 as? SourceModuleTarget)?.sourceFiles(withSuffix: "swift").map(\.url.path) ?? [] }
        let process = Process()
        process.executableURL = try context.tool(named: "obs-migrate").url
        process.arguments = command + ["--project-root", root] + extractor.remainingArguments + paths
        process.currentDirectoryURL = context.package.directoryURL
        try process.run()
        process.waitUntilExit()
        switch process.terminationStatus {
        case 0: return
        case 1: Diagnostics.error("obs-migrate \(command[0]): patterns left to migrate (listed above)")
        default: Diagnostics.error("obs-migrate \(command[0]) failed (exit \(process.terminationStatus))")
        }
    }
}
