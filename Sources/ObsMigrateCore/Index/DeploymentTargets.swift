import ObsMigrateSupport

/// What a run's settings decide about the migration: the minimum deployment targets migrated
/// code needs (Observation's, or higher ones from the configuration), whether `fix` raises the
/// targets below them, and where `@Observable` goes (nil: as the project's own classes have it).
public struct MigrationPolicy: Sendable {
    public var minimums: [String: Int]?
    public var bumpsLowTargets: Bool
    public var observablePlacement: ObservablePlacement?
    /// Whether a `$x` publisher used where no observer can replace it gets a Combine publisher
    /// of its own (`PublisherBridge`), or keeps its model an ObservableObject.
    public var bridgesPublishers: Bool
    /// Blockers to decide as if resolved (`plan`'s counterfactuals; see `Blocker.Key`): empty
    /// for every real run.
    public var waivedBlockers: Set<Blocker.Key> = []

    public init(minimums: [String: Int]? = nil, bumpsLowTargets: Bool = false, observablePlacement: ObservablePlacement? = nil,
                bridgesPublishers: Bool = true) {
        self.minimums = minimums
        self.bumpsLowTargets = bumpsLowTargets
        self.observablePlacement = observablePlacement
        self.bridgesPublishers = bridgesPublishers
    }
}

/// A deployment target below the minimum: where it is written, the text that raises it, and
/// the folder whose sources it builds.
public struct LowDeploymentTarget: Sendable {
    /// `iOS`, `macOS`, `tvOS`, `watchOS`, ...
    public var platform: String
    /// As written, dotted: `16.0`, `10.15`.
    public var version: String
    /// Where the setting starts (`.iOS(` or `IPHONEOS_DEPLOYMENT_TARGET`).
    public var site: Site
    /// The bytes of the version as written (`.v16`, `"16.0"`, `16.0`) and what raises it.
    public var valueRange: Range<Int>
    public var raised: String
    /// The project folder (a path as files are shown, "" for the current directory) whose
    /// sources this target builds: its Package.swift's or .xcodeproj's folder.
    public var scope: String
    /// The models whose migration edits those sources (set by `decide`): a target that holds
    /// none is not reported, and `--bump-deployment-target` leaves it alone.
    public var heldModels: [String] = []
    /// With `fix --write`, why the file that sets it cannot be written (set by `Engine.settle`):
    /// a target that holds no model is then left as it is rather than raised.
    public var unwritable: String? = nil
}

/// Build settings files: read for their deployment targets, never lexed as Swift.
public enum BuildSettings {
    /// `project.pbxproj` inside a `.xcodeproj`, or an `.xcconfig`.
    public static func isBuildSettingsPath(_ path: String) -> Bool {
        path.hasSuffix(".xcconfig") || (path.hasSuffix("/project.pbxproj") && path.dropLast("/project.pbxproj".count).hasSuffix(".xcodeproj"))
            || path == "project.pbxproj"
    }

    /// Xcode's setting names, by the platform names Package.swift uses.
    static let settingPlatforms: [(setting: String, platform: String)] = [
        ("IPHONEOS_DEPLOYMENT_TARGET", "iOS"), ("MACOSX_DEPLOYMENT_TARGET", "macOS"),
        ("TVOS_DEPLOYMENT_TARGET", "tvOS"), ("WATCHOS_DEPLOYMENT_TARGET", "watchOS"), ("XROS_DEPLOYMENT_TARGET", "visionOS"),
    ]

    /// `NAME = 16.0;` (pbxproj), `NAME = 16.0` or `NAME[sdk=iphoneos*] = 16.0` (xcconfig), and the
    /// quoted `"16.0"` form: each setting's platform, version and the version's byte range.
    static func targets(in bytes: [UInt8]) -> [(platform: String, version: String, settingStart: Int, value: Range<Int>)] {
        var result: [(String, String, Int, Range<Int>)] = []
        for (setting, platform) in settingPlatforms {
            for (at, value) in settingValues(setting, in: bytes) {
                // A configuration that does not build for the platform ignores its setting (an iOS
                // app's MACOSX_DEPLOYMENT_TARGET): SUPPORTED_PLATFORMS, else SDKROOT, of its block.
                guard builds(platform, block: settingsBlock(around: at, in: bytes)) else { continue }
                result.append((platform, String(decoding: bytes[value], as: UTF8.self), at, value))
            }
        }
        return result.sorted { $0.2 < $1.2 }
    }

    /// Each numeric value of `setting` (`NAME = 16.0;`, `NAME[sdk=...] = 16.0`, `NAME = "16.0"`):
    /// where the setting starts and the value's bytes. A `$(inherited)` or a variable is skipped.
    static func settingValues(_ setting: String, in bytes: [UInt8]) -> [(settingStart: Int, value: Range<Int>)] {
        var result: [(Int, Range<Int>)] = []
        let name = Array(setting.utf8)
        var from = 0
        while let at = ByteSearch.firstOffset(of: name, in: bytes, range: from..<bytes.count) {
            from = at + name.count
            // A whole word: not `MY_IPHONEOS_DEPLOYMENT_TARGET`, nor `..._TARGET_X`.
            if at > 0, isWordByte(bytes[at - 1]) { continue }
            var i = at + name.count
            if i < bytes.count, isWordByte(bytes[i]) { continue }
            if i < bytes.count, bytes[i] == UInt8(ascii: "[") {  // xcconfig condition
                while i < bytes.count, bytes[i] != UInt8(ascii: "]"), bytes[i] != 0x0A { i += 1 }
                i += 1
            }
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            guard i < bytes.count, bytes[i] == UInt8(ascii: "=") else { continue }
            i += 1
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            let quoted = i < bytes.count && bytes[i] == UInt8(ascii: "\"")
            let start = quoted ? i + 1 : i
            var end = start
            while end < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) || bytes[end] == UInt8(ascii: ".") { end += 1 }
            guard end > start else { continue }  // `$(inherited)`, a variable: nothing to read
            result.append((at, start..<end))
        }
        return result
    }

    /// The SDK names of each platform, as SUPPORTED_PLATFORMS and SDKROOT write them.
    static let sdkNames: [String: [String]] = [
        "iOS": ["iphoneos", "iphonesimulator"], "macOS": ["macosx"], "tvOS": ["appletvos", "appletvsimulator"],
        "watchOS": ["watchos", "watchsimulator"], "visionOS": ["xros", "xrsimulator"],
    ]

    /// The text of the `buildSettings = { ... }` block of a project.pbxproj that holds `offset`
    /// (the whole file for an .xcconfig, which has no such block).
    static func settingsBlock(around offset: Int, in bytes: [UInt8]) -> String {
        let opener = Array("buildSettings = {".utf8)
        var start = -1
        var k = offset
        while k >= opener.count {  // the last opener before the setting
            if bytes[k - opener.count..<k].elementsEqual(opener) { start = k; break }
            k -= 1
        }
        guard start >= 0 else { return "" }
        var depth = 1, end = start
        while end < bytes.count, depth > 0 {
            if bytes[end] == UInt8(ascii: "{") { depth += 1 } else if bytes[end] == UInt8(ascii: "}") { depth -= 1 }
            end += 1
        }
        return end > offset ? String(decoding: bytes[start..<end], as: UTF8.self) : ""
    }

    /// Whether a settings block builds for `platform`: yes unless it names its platforms
    /// (SUPPORTED_PLATFORMS, or a specific SDKROOT) and this one is not among them.
    static func builds(_ platform: String, block: String) -> Bool {
        guard let names = sdkNames[platform] else { return true }
        func value(of key: String) -> String? {
            for line in block.split(separator: "\n") {
                let trimmed = line.trimmingPrefix(while: { $0 == " " || $0 == "\t" })
                guard trimmed.hasPrefix(key + " =") || trimmed.hasPrefix(key + "=") else { continue }
                return String(trimmed.drop(while: { $0 != "=" }).dropFirst()).trimming { $0 == " " || $0 == "\"" || $0 == ";" }
            }
            return nil
        }
        if let supported = value(of: "SUPPORTED_PLATFORMS") {
            let listed = supported.split(separator: " ").map(String.init)
            if listed.contains(where: { names.contains($0) }) { return true }
            // Mac Catalyst builds an iOS target for the Mac: it reads IPHONEOS_DEPLOYMENT_TARGET.
            return false
        }
        if let sdk = value(of: "SDKROOT"), sdk != "auto", !sdk.isEmpty, !sdk.hasPrefix("$") {
            return names.contains(sdk)
        }
        return true
    }

    static func isWordByte(_ b: UInt8) -> Bool {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(b) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(b)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) || b == UInt8(ascii: "_")
    }

    /// `swift-tools-version:5.9` from a manifest's first line, as (major, minor).
    static func toolsVersion(_ bytes: [UInt8]) -> (Int, Int)? {
        let firstLine = String(decoding: bytes.prefix { $0 != 0x0A }, as: UTF8.self)
        guard let range = firstLine.firstRangeOfText("swift-tools-version:") else { return nil }
        let numbers = firstLine[range.upperBound...].trimmingPrefix(while: { $0 == " " }).split(separator: ".").prefix(2)
            .map { Int($0.prefix { $0.isNumber }) }
        guard let major = numbers.first ?? nil else { return nil }
        return (major, numbers.count > 1 ? numbers[1] ?? 0 : 0)
    }
}

/// Folders that hold a Package.swift or an .xcodeproj, deepest first: each builds the sources
/// under it that no deeper such folder claims. The one owning a path is found among the path's
/// own folders (a look-up each), not by trying every folder of the project.
struct ProjectFolders {
    let deepestFirst: [String]
    private let position: [String: Int]

    init(_ paths: [String]) {
        var folders = Set<String>()
        for path in paths {
            if path == "Package.swift" || path.hasSuffix("/Package.swift") { folders.insert(ProjectIndex.folder(of: path)) }
            if path.hasSuffix(".xcodeproj/project.pbxproj") { folders.insert(ProjectIndex.folder(of: ProjectIndex.folder(of: path))) }
        }
        deepestFirst = folders.sorted { $0.count > $1.count }
        position = Dictionary(uniqueKeysWithValues: deepestFirst.enumerated().map { ($1, $0) })
    }

    var isEmpty: Bool { deepestFirst.isEmpty }
    subscript(_ k: Int) -> String { deepestFirst[k] }
    func firstIndex(of folder: String) -> Int? { position[folder] }

    /// The deepest folder holding `path` (`ProjectIndex.isInside`): folders holding one path are
    /// its prefixes up to a `/`, so the first of those, from the end, that is a project folder.
    func owner(of path: String) -> String? {
        guard !position.isEmpty else { return nil }
        let utf8 = path.utf8
        var i = utf8.endIndex
        while i > utf8.startIndex {
            i = utf8.index(before: i)
            guard utf8[i] == UInt8(ascii: "/") else { continue }
            let folder = String(Substring(utf8[..<i]))
            if position[folder] != nil, ProjectIndex.isInside(path, folder: folder) { return folder }
        }
        return position[""] != nil && ProjectIndex.isInside(path, folder: "") ? "" : nil
    }
}

extension ProjectIndex {
    /// Folders that hold a Package.swift or an .xcodeproj: each builds the sources under it
    /// that no deeper such folder claims (found once, in `init`).
    func projectFolders() -> ProjectFolders { projectFolderList }

    static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }

    static func isInside(_ path: String, folder: String) -> Bool {
        folder.isEmpty ? !path.hasPrefix("/") && !path.hasPrefix("../") : path.hasPrefix(folder + "/")
    }

    /// The project folder whose target builds `path`: the deepest one holding it.
    static func owningFolder(of path: String, among folders: ProjectFolders) -> String? {
        folders.owner(of: path)
    }

    /// The low deployment targets, and each project folder's language modes (LanguageModes.swift),
    /// in one walk of the build settings files and manifests.
    mutating func collectDeploymentTargets() {
        let folders = projectFolders()
        // By index: enumerating the files would copy each one whole.
        for f in files.indices {
            let path = files[f].path
            if files[f].isBuildSettings {
                // An .xcconfig serves the project that holds it (or, alone, its own folder).
                let scope = path.hasSuffix(".xcodeproj/project.pbxproj") ? Self.folder(of: Self.folder(of: path))
                    : Self.owningFolder(of: path, among: folders) ?? Self.folder(of: path)
                for six in LanguageModes.buildSettingsModes(files[f].bytes) { languageModes.record(scope, swift6: six) }
                for t in BuildSettings.targets(in: files[f].bytes) {
                    guard let minimum = minimumTargets[t.platform], let major = Int(t.version.split(separator: ".").first ?? ""),
                          major < minimum else { continue }
                    lowDeploymentTargets.append(LowDeploymentTarget(platform: t.platform, version: t.version, site: Site(file: f, offset: t.settingStart),
                                                                    valueRange: t.value, raised: "\(minimum).0", scope: scope))
                }
            } else if path == "Package.swift" || path.hasSuffix("/Package.swift") {
                collectManifestTargets(f, scope: Self.folder(of: path))
                languageModes.record(Self.folder(of: path), swift6: LanguageModes.manifestMayBuildInSwift6(files[f].bytes))
            }
        }
    }

    /// `.iOS(.v16)`, `.macOS(.v10_15)`, `.iOS("16.0")` in a manifest's platforms.
    mutating func collectManifestTargets(_ f: Int, scope: String) {
        let s = files[f].source
        // `.v17`-style names need tools 5.9; older manifests are raised with the string form.
        let named = BuildSettings.toolsVersion(files[f].bytes).map { $0 >= (5, 9) } ?? false
        for i in 0..<max(0, s.sigCount - 3) where s.kind(i) == .period && s.kind(i + 1) == .identifier && s.kind(i + 2) == .leftParen {
            let platform = s.text(i + 1)
            guard let minimum = minimumTargets[platform] else { continue }
            var version: String? = nil
            var value = 0..<0
            if s.kind(i + 3) == .period, s.kind(i + 4) == .identifier {
                let v = s.text(i + 4)  // .v15, .v10_15, .v13_4
                if v.hasPrefix("v") { version = String(v.dropFirst()).replacingAll("_", with: ".") }
                value = s.span(i + 3, through: i + 4)
            } else if s.kind(i + 3) == .string {
                version = s.text(i + 3).trimming { $0 == "\"" }
                value = s.span(i + 3, through: i + 3)
            }
            guard let version, let major = Int(version.split(separator: ".").first ?? "") else { continue }
            // Majors decide: macOS 10.15 is 10, below 14.
            if major < minimum {
                // `.v17` and the like exist from tools 5.9 for Observation's own minimums; else the string form.
                let raised = named && ProjectIndex.observationMinimums[platform] == minimum && platform != "visionOS" ? ".v\(minimum)" : "\"\(minimum).0\""
                lowDeploymentTargets.append(LowDeploymentTarget(platform: platform, version: version, site: Site(file: f, offset: s.start(i)),
                                                                valueRange: value, raised: raised, scope: scope))
            }
        }
    }

    /// The models a low deployment target holds back: those whose migration edits a file its
    /// project builds (`held`: from `modelsHeldByFolder`).
    func modelsHeldBy(_ target: LowDeploymentTarget, in held: [String: [String]]) -> [String] {
        held[target.scope] ?? []
    }

    /// By project folder, the models whose migration edits a file it builds (`touched`: each
    /// model's files, from `filesTouchedByMigration`), sorted: each file's folder found once,
    /// not once per target and model.
    func modelsHeldByFolder(touched: [String: Set<Int>], folders: ProjectFolders) -> [String: [String]] {
        var owner: [Int: String?] = [:]
        var held: [String: Set<String>] = [:]
        for (name, fileSet) in touched {
            for f in fileSet {
                let folder: String?
                if let known = owner[f] { folder = known } else {
                    folder = Self.owningFolder(of: files[f].path, among: folders)
                    owner[f] = .some(folder)
                }
                if let folder { held[folder, default: []].insert(name) }
            }
        }
        return held.mapValues { $0.sorted() }
    }
}
