// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Feature",
    platforms: [.iOS(.v17), .macOS(.v14)],
    dependencies: [.package(path: "../Core")],
    targets: [.target(name: "FeatureKit", dependencies: [.product(name: "CoreKit", package: "Core")])]
)
