// swift-tools-version:5.7
import PackageDescription
let package = Package(name: "Core", platforms: [.iOS(.v17), .macOS("14.0")], targets: [.target(name: "Core")])
