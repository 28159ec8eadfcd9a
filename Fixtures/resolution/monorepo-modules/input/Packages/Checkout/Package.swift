// swift-tools-version:5.9
import PackageDescription

let package = Package(
    name: "Checkout",
    platforms: [.iOS(.v17), .macOS(.v14)],
    products: [.library(name: "Checkout", targets: ["Checkout"])],
    targets: [.target(name: "Checkout")]
)
