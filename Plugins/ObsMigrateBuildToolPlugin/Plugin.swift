import Foundation
import PackagePlugin

/// `plugins: [.plugin(name: "ObsMigrateBuildToolPlugin", package: "obs-migrate")]` on a target:
/// a build runs `obs-migrate check` on the target's Swift files whenever a Swift file of the
/// package (or a setting) changed, and its findings show as `path:line:col: warning: message
/// [OBS###]` lines, which `swift build` prints and Xcode shows inline. It writes nothing.
/// Warnings do not fail the build, as with SwiftLint's plugin; error findings do
/// (`check --fail-on error`).
@main
struct ObsMigrateBuildToolPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) async throws -> [Command] {
        guard let module = target as? SourceModuleTarget else { return [] }
        // Decided for the whole package, as the command plugins do: every target's Swift files
        // are read, so a change in any of them runs the check again.
        let deciding = context.package.targets.compactMap { $0 as? SourceModuleTarget }
            .flatMap { $0.sourceFiles(withSuffix: "swift").map(\.url) }
        let root = context.package.directoryURL
        return try BuildCheck.commands(
            tool: context.tool(named: "obs-migrate").url, targetName: target.name,
            reported: module.sourceFiles(withSuffix: "swift").map(\.url), deciding: deciding,
            projectRoot: root, settings: [root.appendingPathComponent("Package.swift")])
    }
}

/// The command both entry points return.
enum BuildCheck {
    /// No output file is declared: SwiftPM runs such a command when one of its inputs changed
    /// (with tools version 6.0 or later in the package that uses the plugin), and a declared
    /// output that is not Swift source would be bundled into the target as a resource.
    static func commands(tool: URL, targetName: String, reported: [URL], deciding: [URL], projectRoot: URL,
                         settings: [URL]) -> [Command] {
        guard let first = reported.first else { return [] }
        let reportedPaths = Set(reported.map(\.path))
        let inputs = reported + deciding.filter { !reportedPaths.contains($0.path) } + settings
            + configurationFolders(from: first.deletingLastPathComponent(), upTo: projectRoot)
        let arguments = ["check", "--project-root", projectRoot.path, "--fail-on", "error", "--quiet",
                         "--format", "text", "--color", "never", "--absolute-paths", "--"]
            + reported.map(\.path)
        return [.buildCommand(displayName: "obs-migrate check \(targetName)", executable: tool,
                              arguments: arguments, inputFiles: inputs)]
    }

    /// The folders where `check` looks for `.obs-migrate.json`: from the folder of its first file
    /// up to the project root. A folder, not the file, is the input: a file named as an input
    /// must exist at every build (SwiftPM fails the build when one is deleted, until the package
    /// is planned again), while a folder's time changes when a file is created, deleted or
    /// saved into it by renaming, as editors do.
    static func configurationFolders(from folder: URL, upTo root: URL) -> [URL] {
        let top = root.standardizedFileURL.path
        var folder = folder.standardizedFileURL
        var result = [folder]
        while folder.path.hasPrefix(top + "/") {
            folder = folder.deletingLastPathComponent()
            result.append(folder)
        }
        return result
    }
}

#if canImport(XcodeProjectPlugin)
import XcodeProjectPlugin

/// Xcode projects (Build Phases → Run Build Tool Plug-ins): the folder of the .xcodeproj is the
/// project root. Not compiled where the tests run (Linux has no XcodeProjectPlugin).
extension ObsMigrateBuildToolPlugin: XcodeBuildToolPlugin {
    func createBuildCommands(context: XcodePluginContext, target: XcodeTarget) throws -> [Command] {
        let deciding = context.xcodeProject.targets.flatMap { Self.swiftFiles(of: $0) }
        return try BuildCheck.commands(
            tool: context.tool(named: "obs-migrate").url, targetName: target.displayName,
            reported: Self.swiftFiles(of: target), deciding: deciding,
            projectRoot: context.xcodeProject.directoryURL, settings: [])
    }

    static func swiftFiles(of target: XcodeTarget) -> [URL] {
        target.inputFiles.filter { $0.type == .source && $0.url.pathExtension == "swift" }.map(\.url)
    }
}
#endif
