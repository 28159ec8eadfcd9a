// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "App",
    platforms: [.iOS(.v17), .macOS(.v14)],
    targets: [.target(name: "App")]
)
