import XCTest
@testable import ObsMigrateCore

/// Deployment targets read from build settings files and manifests, and what raises them.
final class DeploymentTargetTests: XCTestCase {
    func testBuildSettingsTargetsAreReadFromPbxprojAndXcconfigForms() {
        let text = """
            IPHONEOS_DEPLOYMENT_TARGET = 16.0;
            MACOSX_DEPLOYMENT_TARGET = "13.5";
            WATCHOS_DEPLOYMENT_TARGET[sdk=watchos*] = 9.0
            TVOS_DEPLOYMENT_TARGET = $(inherited)
            MY_IPHONEOS_DEPLOYMENT_TARGET = 12.0;
            IPHONEOS_DEPLOYMENT_TARGET_X = 12.0;
            """
        let found = BuildSettings.targets(in: Array(text.utf8))
        XCTAssertEqual(found.map(\.platform), ["iOS", "macOS", "watchOS"])
        XCTAssertEqual(found.map(\.version), ["16.0", "13.5", "9.0"])
        let bytes = Array(text.utf8)
        XCTAssertEqual(found.map { String(decoding: bytes[$0.value], as: UTF8.self) }, ["16.0", "13.5", "9.0"])
    }

    /// An iOS app's configuration ignores its MACOSX_DEPLOYMENT_TARGET: it is neither reported
    /// nor raised.
    func testASettingForAPlatformTheConfigurationDoesNotBuildIsIgnored() {
        let text = """
            A /* Debug */ = {
                buildSettings = {
                    IPHONEOS_DEPLOYMENT_TARGET = 16.1;
                    MACOSX_DEPLOYMENT_TARGET = 13.0;
                    SDKROOT = auto;
                    SUPPORTED_PLATFORMS = "iphoneos iphonesimulator";
                };
            };
            B /* Release */ = {
                buildSettings = {
                    MACOSX_DEPLOYMENT_TARGET = 13.0;
                    SDKROOT = iphoneos;
                };
            };
            C /* Mac */ = {
                buildSettings = {
                    MACOSX_DEPLOYMENT_TARGET = 13.0;
                    SDKROOT = macosx;
                };
            };
            """
        let found = BuildSettings.targets(in: Array(text.utf8))
        XCTAssertEqual(found.map(\.platform), ["iOS", "macOS"])
        XCTAssertEqual(found.map(\.version), ["16.1", "13.0"])
    }

    func testBuildSettingsPathsAreTheProjectFileAndXcconfigs() {
        XCTAssertTrue(BuildSettings.isBuildSettingsPath("App/App.xcodeproj/project.pbxproj"))
        XCTAssertTrue(BuildSettings.isBuildSettingsPath("Configs/Base.xcconfig"))
        XCTAssertFalse(BuildSettings.isBuildSettingsPath("App/project.pbxproj.orig"))
        XCTAssertFalse(BuildSettings.isBuildSettingsPath("Notes/project.pbxproj"))
    }

    /// Which settings say a folder may build in Swift 6 mode (LanguageModes.swift), where a
    /// global-actor-isolated tracked property keeps its class.
    func testLanguageModesOfManifestsAndBuildSettings() {
        func manifest(_ text: String) -> Bool { LanguageModes.manifestMayBuildInSwift6(Array(text.utf8)) }
        let head = "import PackageDescription\nlet package = Package(name: \"P\", "
        XCTAssertFalse(manifest("// swift-tools-version:5.9\n" + head + "targets: [])\n"))
        XCTAssertTrue(manifest("// swift-tools-version:5.9\n" + head + "targets: [.target(name: \"P\", swiftSettings: [.unsafeFlags([\"-swift-version\", \"6\"])])])\n"))
        XCTAssertTrue(manifest("// swift-tools-version: 6.0\n" + head + "targets: [])\n"))
        XCTAssertFalse(manifest("// swift-tools-version: 6.0\n" + head + "targets: [], swiftLanguageModes: [.v5])\n"))
        XCTAssertTrue(manifest("// swift-tools-version: 6.0\n" + head + "targets: [], swiftLanguageModes: [.v5, .v6])\n"))
        // One target's Swift 5 mode leaves the others in Swift 6.
        XCTAssertTrue(manifest("// swift-tools-version: 6.0\n" + head + "targets: [.target(name: \"A\", swiftSettings: [.swiftLanguageMode(.v5)]), .target(name: \"B\")])\n"))
        XCTAssertEqual(LanguageModes.buildSettingsModes(Array("SWIFT_VERSION = 5.0;\nSWIFT_VERSION = 6.0;\nSWIFT_VERSION = \"$(inherited)\";\n".utf8)), [false, true])
        XCTAssertEqual(LanguageModes.buildSettingsModes(Array("MY_SWIFT_VERSION = 6.0;\n".utf8)), [])
    }

    func testManifestToolsVersion() {
        XCTAssertEqual(BuildSettings.toolsVersion(Array("// swift-tools-version:5.7\nimport".utf8)).map { [$0.0, $0.1] }, [5, 7])
        XCTAssertEqual(BuildSettings.toolsVersion(Array("// swift-tools-version: 6.0\n".utf8)).map { [$0.0, $0.1] }, [6, 0])
        XCTAssertNil(BuildSettings.toolsVersion(Array("import PackageDescription\n".utf8)))
    }

    /// A target in an .xcodeproj holds the app's models, not those of a package below it that
    /// has its own targets; the bump raises only what is low, in the form the manifest allows.
    func testTargetsHoldOnlyTheirOwnProjectsModels() {
        let pbxproj = ProjectFile(buildSettingsAt: "App.xcodeproj/project.pbxproj",
                                  bytes: Array("IPHONEOS_DEPLOYMENT_TARGET = 16.0;\nMACOSX_DEPLOYMENT_TARGET = 14.0;\n".utf8))
        let app = ProjectFile(path: "App/Model.swift", bytes: Array("import Combine\nfinal class AppModel: ObservableObject {}\n".utf8))
        let manifest = ProjectFile(path: "Packages/Core/Package.swift", bytes: Array("// swift-tools-version:5.7\nimport PackageDescription\nlet package = Package(name: \"Core\", platforms: [.iOS(.v15), .macOS(.v14)])\n".utf8))
        let core = ProjectFile(path: "Packages/Core/Sources/Core/Store.swift", bytes: Array("import Combine\nfinal class CoreStore: ObservableObject {}\n".utf8))
        let index = ProjectIndex(files: [pbxproj, app, manifest, core])
        XCTAssertEqual(index.lowDeploymentTargets.map(\.platform), ["iOS", "iOS"])
        XCTAssertEqual(index.lowDeploymentTargets.map(\.scope), ["", "Packages/Core"])
        XCTAssertEqual(index.lowDeploymentTargets.map(\.raised), ["17.0", "\"17.0\""])
        XCTAssertEqual(index.models["AppModel"]?.blockers.map(\.site?.file), [0])
        XCTAssertEqual(index.models["CoreStore"]?.blockers.map(\.site?.file), [2])

        let bumped = ProjectIndex(files: [pbxproj, app, manifest, core], policy: MigrationPolicy(bumpsLowTargets: true))
        XCTAssertTrue(bumped.models["AppModel"]!.migrates)
        XCTAssertTrue(bumped.models["CoreStore"]!.migrates)
        XCTAssertEqual(bumped.filesTouchedByMigration()["AppModel"], [0, 1], "the bump is part of the migration")
    }

    /// A class declared again in a stale file, which no target of the Xcode project compiles,
    /// is one type; a project with synchronized folders lists no files, so there both count.
    func testAStaleCopyOutsideEveryTargetDoesNotMakeASecondType() {
        let store = ProjectFile(path: "App/Store.swift", bytes: Array("import Combine\nfinal class Store: ObservableObject {}\n".utf8))
        let stale = ProjectFile(path: "App/Archive/StoreOld.swift", bytes: Array("import Combine\nfinal class Store: ObservableObject {}\n".utf8))
        let listing = ProjectFile(buildSettingsAt: "App.xcodeproj/project.pbxproj",
                                  bytes: Array("A1 /* Store.swift in Sources */ = {isa = PBXBuildFile; };\nIPHONEOS_DEPLOYMENT_TARGET = 17.0;\n".utf8))
        let synchronized = ProjectFile(buildSettingsAt: "App.xcodeproj/project.pbxproj",
                                       bytes: Array("S1 /* App */ = {isa = PBXFileSystemSynchronizedRootGroup; };\nIPHONEOS_DEPLOYMENT_TARGET = 17.0;\n".utf8))
        let listed = ProjectIndex(files: [listing, store, stale])
        XCTAssertEqual(listed.xcodeSourceNames[""], ["Store.swift"])
        XCTAssertTrue(listed.models["Store"]!.migrates, "\(listed.models["Store"]!.blockers.map(\.message))")
        let unlisted = ProjectIndex(files: [synchronized, store, stale])
        XCTAssertNil(unlisted.xcodeSourceNames[""])
        XCTAssertEqual(unlisted.models["Store"]!.blockers.map(\.reason),
                       [.declaredInSeveralFiles(paths: ["App/Store.swift", "App/Archive/StoreOld.swift"])])
        let bothBuilt = ProjectFile(buildSettingsAt: "App.xcodeproj/project.pbxproj",
                                    bytes: Array("A1 /* Store.swift in Sources */ = {};\nA2 /* StoreOld.swift in Sources */ = {};\n".utf8))
        XCTAssertFalse(ProjectIndex(files: [bothBuilt, store, stale]).models["Store"]!.migrates)
    }
}
