import ObsMigrateSupport

/// Which project folders may build in the Swift 6 language mode, where some of what the
/// `@Observable` macro expands does not compile that compiles in Swift 5 (a tracked property
/// isolated to a global actor in a class that is not: `Decisions.declarationShapeBlockers`).
/// A folder builds in Swift 5 only when every setting found says so: `SWIFT_VERSION` below 6 in
/// its project's build settings, a Package.swift of tools below 6, or of tools 6 whose package
/// asks for Swift 5 (`swiftLanguageModes: [.v5]`). None found is a doubt. Read with the
/// deployment targets, from the same files (`collectDeploymentTargets`).
struct LanguageModes: Sendable {
    private var swift5: Set<String> = []
    private var swift6: Set<String> = []

    /// Whether code of the folder that builds `path` may be compiled in Swift 6 mode.
    func mayBuildInSwift6(_ path: String, folders: ProjectFolders) -> Bool {
        guard let folder = folders.owner(of: path) else { return true }
        return swift6.contains(folder) || !swift5.contains(folder)
    }

    mutating func record(_ folder: String, swift6 six: Bool) {
        if six { swift6.insert(folder) } else { swift5.insert(folder) }
    }

    /// The modes a build settings file sets: one per `SWIFT_VERSION` (true for 6 and up).
    static func buildSettingsModes(_ bytes: [UInt8]) -> [Bool] {
        BuildSettings.settingValues("SWIFT_VERSION", in: bytes).map { value in
            (Int(String(decoding: bytes[value.value].prefix { $0 != UInt8(ascii: ".") }, as: UTF8.self)) ?? 6) >= 6
        }
    }

    /// Whether a manifest may build in Swift 6 mode: tools 6 or later unless the package's own
    /// `swiftLanguageModes:` (or `swiftLanguageVersions:`) names the Swift 5 mode and not the 6 one
    /// (a target's `.swiftLanguageMode(.v5)` leaves the others in 6); before tools 6, only with
    /// `-swift-version` among its flags.
    static func manifestMayBuildInSwift6(_ bytes: [UInt8]) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        guard let tools = BuildSettings.toolsVersion(bytes), tools.0 >= 6 else { return text.contains("-swift-version") }
        let packageMode = text.contains("swiftLanguageModes:") || text.contains("swiftLanguageVersions:")
        let perTarget = text.contains(".swiftLanguageMode(") || text.contains("-swift-version")
        return !(packageMode && !perTarget && text.contains(".v5") && !text.contains(".v6") && !text.contains(".version(\"6"))
    }
}
