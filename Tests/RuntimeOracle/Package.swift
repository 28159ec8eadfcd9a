// swift-tools-version:5.9
// The runtime oracle's Combine: OpenCombine under the name `Combine`, built as one shared
// library that fixture programs link. Test-only; obs-migrate itself keeps no dependencies.
// OpenCombine is resolved from its public repository at the pinned release (on a machine that
// mirrors github.com, from that mirror); where it cannot be, RuntimeOracleTests skips and says so.
import PackageDescription

let package = Package(
    name: "RuntimeOracle",
    products: [.library(name: "Combine", type: .dynamic, targets: ["Combine"])],
    dependencies: [.package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0")],
    targets: [.target(name: "Combine", dependencies: [.product(name: "OpenCombine", package: "OpenCombine")])]
)
