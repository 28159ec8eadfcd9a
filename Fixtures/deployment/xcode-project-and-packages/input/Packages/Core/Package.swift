// swift-tools-version:5.7
import PackageDescription
let package = Package(name: "Core", platforms: [.iOS(.v17), .macOS(.v13)], targets: [.target(name: "Core")])
