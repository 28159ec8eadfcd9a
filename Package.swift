// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "obs-migrate",
    products: [
        .executable(name: "obs-migrate", targets: ["obs-migrate"]),
        .library(name: "ObsMigrateCore", targets: ["ObsMigrateCore"]),
    ],
    targets: [
        // All logic lives in the library so tests can drive it without a process.
        .target(name: "ObsMigrateCore"),
        // A thin shell: arguments in, exit code out.
        .executableTarget(name: "obs-migrate", dependencies: ["ObsMigrateCore"]),
        .testTarget(
            name: "ObsMigrateTests",
            dependencies: ["ObsMigrateCore"],
            exclude: ["Oracle/Stubs", "Oracle/NegativeControls"]
        ),
    ]
)
