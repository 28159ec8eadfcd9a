import XCTest
@testable import ObsMigrateCore

/// What belongs to the project: files git ignores do not; modules are told apart wherever the
/// run starts from.
final class ProjectScopeTests: XCTestCase {
    static let store = "import Combine\n\nfinal class Store: ObservableObject {\n    @Published var count = 0\n}\n"
    static let view = "import SwiftUI\n\nstruct ContentView: View {\n    @StateObject var store = Store()\n    var body: some View { Text(\"\\(store.count)\") }\n}\n"
    /// Generated code that subscribes to the publisher: read, it holds Store back.
    // Assigned into from outside the class: no publisher of its own serves it, so it keeps Store.
    static let subscriber = "import Combine\n\nfunc watch(_ store: Store, _ counts: AnyPublisher<Int, Never>) {\n    counts.assign(to: &store.$count)\n}\n"

    func repository(_ name: String) throws -> HookSupport.Repository {
        let repo = try HookSupport.makeRepository("scope-" + name)
        try repo.write("App/Store.swift", Self.store)
        try repo.write("App/ContentView.swift", Self.view)
        return repo
    }

    func testFilesGitIgnoresAreNotPartOfTheProject() throws {
        let repo = try repository("gitignore")
        try repo.write(".gitignore", "Generated/\n")
        try repo.write("Generated/Watch.swift", Self.subscriber)

        let check = runTool(["check", "."], cwd: repo.path)
        XCTAssertEqual(check.code, 1, check.err)
        XCTAssertTrue(check.out.contains("App/Store.swift:3:13: warning: Store conforms to ObservableObject: make it @Observable (fixable) [OBS101]"), check.out)
        XCTAssertFalse(check.out.contains("Generated"), check.out)

        // Read again, it decides: with the flag, and with the setting.
        let all = runTool(["check", "--no-respect-gitignore", "."], cwd: repo.path)
        XCTAssertTrue(all.out.contains("Store keeps ObservableObject: its $count publisher is used at Generated/Watch.swift:4:30"), all.out)
        try repo.write(".obs-migrate.json", "{\"respect-gitignore\": false}\n")
        XCTAssertTrue(runTool(["check", "."], cwd: repo.path).out.contains("its $count publisher is used"))
        try repo.write(".obs-migrate.json", "{\"respect-gitignore\": \"no\"}\n")
        let wrong = runTool(["check", "."], cwd: repo.path)
        XCTAssertEqual(wrong.code, 2)
        XCTAssertTrue(wrong.err.contains(".obs-migrate.json: 'respect-gitignore' must be true or false, not a string"), wrong.err)
        try FileManager.default.removeItem(atPath: repo.path + "/.obs-migrate.json")

        // A folder asked for by name is checked, ignored or not.
        let named = runTool(["check", "Generated"], cwd: repo.path)
        XCTAssertTrue(named.out.contains("(1 file checked)") || named.out.contains("in 1 file"), named.out)

        // A file git tracks is part of the project even where .gitignore would ignore it.
        try repo.git("add", "-f", "Generated/Watch.swift")
        XCTAssertTrue(runTool(["check", "."], cwd: repo.path).out.contains("its $count publisher is used"))
    }

    /// Two modules declaring `Store`: run from inside one of them, the other is still another module.
    func testModulesAreToldApartFromInsideAPackage() throws {
        let repo = try repository("inside-package")
        try repo.write("PackageB/Package.swift",
                       "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"B\", platforms: [.iOS(.v16)], targets: [.target(name: \"B\")])\n")
        try repo.write("PackageB/Sources/B/Store.swift", "import Observation\n\n@Observable public final class Store {\n    public init() {}\n}\n")
        for cwd in [repo.path, repo.path + "/PackageB", repo.path + "/App"] {
            let check = runTool(["check", repo.path], cwd: cwd)
            XCTAssertFalse(check.out.contains("OBS205"), "\(cwd): \(check.out)")
            XCTAssertFalse(check.out.contains("OBS208"), "\(cwd): a target holding no model is reported\n\(check.out)")
            XCTAssertTrue(check.out.contains("Store conforms to ObservableObject: make it @Observable (fixable) [OBS101]"), "\(cwd): \(check.out)")
        }
    }
}
