// swift-tools-version:5.7
import PackageDescription

let package = Package(
    name: "Feeds",
    platforms: [.iOS(.v16)],
    products: [.library(name: "Feeds", targets: ["Feeds"])],
    dependencies: [.package(path: "../Core")],
    targets: [.target(name: "Feeds", dependencies: ["Core"])]
)
