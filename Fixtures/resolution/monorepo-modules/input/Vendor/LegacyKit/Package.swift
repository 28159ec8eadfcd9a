// swift-tools-version:5.7
import PackageDescription

// A vendored package that targets iOS 15 and has nothing to migrate: no business of this tool.
let package = Package(
    name: "LegacyKit",
    platforms: [.iOS(.v15)],
    products: [.library(name: "LegacyKit", targets: ["LegacyKit"])],
    targets: [.target(name: "LegacyKit")]
)
