/// OBS208: a deployment target below what Observation needs.
public struct DeploymentTargetTooLow: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS208",
        name: "deployment-target",
        severity: .error,
        fix: .never,
        summary: "Package.swift targets an OS older than iOS 17 / macOS 14 / tvOS 17 / watchOS 10.",
        rationale: """
            Observation is available from iOS 17, macOS 14, tvOS 17 and watchOS 10. With an older \
            deployment target the migrated code would not compile, so nothing is migrated until a \
            person raises the target.
            """,
        triggering: ["// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", platforms: [.iOS(.v15)])\n"],
        nonTriggering: ["// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"App\", platforms: [.iOS(.v17), .macOS(.v14)])\n"],
        examples: [])

    public func check(_ context: RuleContext) -> [Finding] {
        let source = context.source
        return context.index.lowDeploymentTargets.filter { $0.site.file == context.fileIndex }.map { target in
            let s = source.sigIndex(atOrAfter: target.site.offset)
            let end = s + 1 < source.sigCount ? source.end(s + 1) : target.site.offset + 1
            let minimum = context.index.minimumTargets[target.platform] ?? 0
            let observation = ProjectIndex.observationMinimums[target.platform] ?? 0
            let why = minimum > observation ? "the configured minimum-deployment-target" : "which Observation needs"
            return finding(context, target.site.offset..<end,
                           "deployment target \(target.platform) \(target.version) is below \(target.platform) \(minimum), \(why): nothing is migrated",
                           fix: nil)
        }
    }
}
