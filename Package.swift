// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "obs-migrate",
    products: [
        .executable(name: "obs-migrate", targets: ["obs-migrate"]),
        .library(name: "ObsMigrateCore", targets: ["ObsMigrateSupport", "ObsMigrateCore"]),
        // `swift package plugin obs-migrate-check` / `obs-migrate-fix` in a package that depends on this one.
        .plugin(name: "ObsMigrateCheck", targets: ["ObsMigrateCheck"]),
        .plugin(name: "ObsMigrateFix", targets: ["ObsMigrateFix"]),
    ],
    targets: [
        // All logic lives in the libraries so tests can drive it without a process.
        // Small helpers with no knowledge of Swift sources: files, JSON, threads, timings.
        .target(name: "ObsMigrateSupport"),
        .target(name: "ObsMigrateCore", dependencies: ["ObsMigrateSupport"]),
        // A thin shell: arguments in, exit code out.
        .executableTarget(name: "obs-migrate", dependencies: ["ObsMigrateSupport", "ObsMigrateCore"], linkerSettings: staticRuntime),
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
        .testTarget(
            name: "ObsMigrateTests",
            dependencies: ["ObsMigrateSupport", "ObsMigrateCore"],
            exclude: ["Oracle/Stubs", "Oracle/NegativeControls", "Consumers"]
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
