// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "obs-migrate",
    products: [
        .executable(name: "obs-migrate", targets: ["obs-migrate"]),
        .library(name: "ObsMigrateCore", targets: ["ObsMigrateSupport", "ObsMigrateCore", "ObsMigrateReport", "ObsMigrateCLI"]),
        // `swift package plugin obs-migrate-check` / `obs-migrate-fix` in a package that depends on this one.
        .plugin(name: "ObsMigrateCheck", targets: ["ObsMigrateCheck"]),
        .plugin(name: "ObsMigrateFix", targets: ["ObsMigrateFix"]),
        // `plugins: [.plugin(name: "ObsMigrateBuildToolPlugin", package: "obs-migrate")]` on a target:
        // findings as warnings in every `swift build` and Xcode build that changes Swift files.
        .plugin(name: "ObsMigrateBuildToolPlugin", targets: ["ObsMigrateBuildToolPlugin"]),
    ],
    targets: [
        // All logic lives in the libraries so tests can drive it without a process. Each uses only
        // the ones listed as its dependencies (the compiler holds it to that; scripts/folder_deps.py
        // checks the folders inside them).
        // Small helpers that know nothing of Swift sources: files, JSON, threads, timings.
        .target(name: "ObsMigrateSupport"),
        // The analysis: Lexer, Scanner, Index, Rules, Docs, Engine.
        .target(name: "ObsMigrateCore", dependencies: ["ObsMigrateSupport"]),
        // The reporters (text, JSON, SARIF, CI formats), baselines, diffs.
        .target(name: "ObsMigrateReport", dependencies: ["ObsMigrateCore", "ObsMigrateSupport"]),
        // Arguments, configuration files and the commands.
        .target(name: "ObsMigrateCLI", dependencies: ["ObsMigrateReport", "ObsMigrateCore", "ObsMigrateSupport"]),
        // A thin shell: arguments in, exit code out.
        .executableTarget(name: "obs-migrate", dependencies: ["ObsMigrateCLI"], linkerSettings: staticRuntime),
        .plugin(
            name: "ObsMigrateCheck",
            capability: .command(intent: .custom(verb: "obs-migrate-check",
                                                 description: "Report the ObservableObject patterns to migrate to @Observable")),
            dependencies: ["obs-migrate"]
        ),
        .plugin(
            name: "ObsMigrateFix",
            capability: .command(intent: .custom(verb: "obs-migrate-fix",
                                                 description: "Migrate ObservableObject code to @Observable in place"),
                                 permissions: [.writeToPackageDirectory(reason: "obs-migrate fix --write rewrites the package's Swift sources")]),
            dependencies: ["obs-migrate"]
        ),
        .plugin(name: "ObsMigrateBuildToolPlugin", capability: .buildTool(), dependencies: ["obs-migrate"]),
        .testTarget(
            name: "ObsMigrateTests",
            dependencies: ["ObsMigrateSupport", "ObsMigrateCore", "ObsMigrateReport", "ObsMigrateCLI"],
            exclude: ["Oracle/Stubs", "Oracle/NegativeControls", "Oracle/RuntimeNegativeControls", "Oracle/RuntimePrelude.swift", "Consumers"]
        ),
    ]
)

/// On Linux the executable carries the Swift runtime and FoundationEssentials inside it: a
/// pre-commit hook then starts in half the time and holds 4-5 MiB less (measured: README,
/// Development). `swift build --static-swift-stdlib` does the same, but pre-commit and
/// `swift run` build with plain `swift build`. The libraries FoundationEssentials needs are a
/// toolchain detail, so this applies only to the toolchains it was checked on; others link
/// dynamically, as before.
var staticRuntime: [LinkerSetting] {
    #if compiler(>=6.3) && compiler(<6.4)
    let linux = BuildSettingCondition.when(platforms: [.linux])
    return [
        .unsafeFlags(["-static-stdlib"], linux),
        .linkedLibrary("_FoundationCollections", linux),
        .linkedLibrary("_FoundationCShims", linux),
        .linkedLibrary("swiftSynchronization", linux),
    ]
    #else
    return []
    #endif
}
