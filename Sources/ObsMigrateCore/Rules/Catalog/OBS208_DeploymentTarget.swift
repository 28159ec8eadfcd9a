/// OBS208: a deployment target below what Observation needs.
public struct DeploymentTargetTooLow: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS208",
        name: "deployment-target",
        severity: .error,
        fix: .onRequest,
        summary: "A Package.swift, project.pbxproj or .xcconfig targets an OS older than iOS 17 / macOS 14 / tvOS 17 / watchOS 10.",
        rationale: """
            Observation is available from iOS 17, macOS 14, tvOS 17 and watchOS 10. With an older \
            deployment target the migrated code would not compile, so the models whose migration edits \
            the sources that target builds (the files under its Package.swift's or .xcodeproj's folder, \
            a deeper package's excepted) are not migrated. A target whose sources no model's migration \
            edits is not reported, and is raised only along with the others (a package that depends \
            on a raised one must be raised too). `fix --bump-deployment-target` raises the \
            targets (`.iOS(.v16)` to `.iOS(.v17)`, or `.iOS("17.0")` in a manifest older than tools 5.9; \
            `IPHONEOS_DEPLOYMENT_TARGET = 16.0` to `17.0`) and migrates those models in the same run; \
            a target that is already high enough is never touched.
            """,
        triggering: ["// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", platforms: [.iOS(.v15)])\n"],
        nonTriggering: ["// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", platforms: [.iOS(.v17), .macOS(.v14)])\n"],
        examples: [])

    public func check(_ context: RuleContext) -> [Finding] {
        let source = context.source
        let bytes = context.file.bytes
        // A target that holds no model back is no business of this migration, unless targets are
        // being raised: one that depends on a raised package must be raised too, and which ones
        // depend on which is not read, so then all are.
        let targets = context.index.lowDeploymentTargets
        let raisesAll = context.index.bumpsLowTargets && targets.contains { !$0.heldModels.isEmpty }
        return targets.filter { $0.site.file == context.fileIndex && (raisesAll || !$0.heldModels.isEmpty) }.map { target in
            let range: Range<Int>
            if context.file.isBuildSettings {
                range = target.site.offset..<target.valueRange.upperBound
            } else {
                let s = source.sigIndex(atOrAfter: target.site.offset)
                range = target.site.offset..<(s + 1 < source.sigCount ? source.end(s + 1) : target.site.offset + 1)
            }
            let minimum = context.index.minimumTargets[target.platform] ?? 0
            let observation = ProjectIndex.observationMinimums[target.platform] ?? 0
            let why = minimum > observation ? "the configured minimum-deployment-target" : "which Observation needs"
            let scope = target.scope.isEmpty ? "this project" : target.scope
            let held = target.heldModels.count == 1 ? "the model \(TypeName.base(target.heldModels[0])) of \(scope) is"
                : "the \(target.heldModels.count) models of \(scope) are"
            if context.index.bumpsLowTargets, let why = target.unwritable {
                return finding(context, range,
                               "deployment target \(target.platform) \(target.version) is below \(target.platform) \(minimum): raise it by hand, the file cannot be written (\(why))",
                               fix: nil)
            }
            if context.index.bumpsLowTargets {
                let written = String(decoding: bytes[target.valueRange], as: UTF8.self)
                return finding(context, range,
                               "deployment target \(target.platform) \(target.version) is below \(target.platform) \(minimum), \(why): \(written) becomes \(target.raised) (fixable)",
                               fix: [Edit(target.valueRange, target.raised)])
            }
            return finding(context, range,
                           "deployment target \(target.platform) \(target.version) is below \(target.platform) \(minimum), \(why): \(held) not migrated (`fix --bump-deployment-target` raises it)",
                           fix: nil)
        }
    }
}
