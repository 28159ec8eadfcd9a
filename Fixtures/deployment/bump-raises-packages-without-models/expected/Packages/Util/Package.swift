// swift-tools-version:5.9
import PackageDescription

// No model here, but it depends on Core: once Core needs iOS 17, so does Util.
let package = Package(
    name: "Util",
    platforms: [.iOS(.v17)],
    products: [.library(name: "Util", targets: ["Util"])],
    dependencies: [.package(path: "../Core")],
    targets: [.target(name: "Util", dependencies: ["Core"])]
)
