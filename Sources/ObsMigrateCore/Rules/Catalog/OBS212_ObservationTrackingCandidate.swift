/// OBS212: a UIKit or AppKit view or view controller that subscribes to a model's `$x` only to
/// set its own views: with Observation, UIKit and AppKit track what such a method reads.
public struct ObservationTrackingCandidate: Rule {
    public init() {}

    public let metadata = RuleMetadata(
        code: "OBS212",
        name: "observation-tracking-candidate",
        severity: .info,
        fix: .never,
        summary: "A UIKit/AppKit view or controller subscribes to a model's publisher only to set its own views; automatic observation tracking can replace it.",
        rationale: """
            Since iOS 18 and macOS 15, UIKit and AppKit track the `@Observable` properties that \
            `viewWillLayoutSubviews()` and `layoutSubviews()` (AppKit: `viewWillLayout()`, `layout()`) \
            read, and run the method again when one of them changes, like a SwiftUI body. It is on \
            with `UIObservationTrackingEnabled` (AppKit: `NSObservationTrackingEnabled`) set to YES \
            in Info.plist, and by default from iOS 26 and macOS 26, which add `updateProperties()` \
            (called before layout, with `setNeedsUpdateProperties()`) as the better place. So \
            `model.$title.sink { [weak self] in self?.titleLabel.text = $0 }` in a view controller can \
            become `titleLabel.text = model.title` in `viewWillLayoutSubviews()` (or \
            `updateProperties()`), with no subscription to keep: read each property where it is \
            used, not all of them up front. The rule only reports: whether the deployment target \
            allows it, and where the reads go, is a person's choice; the subscription keeps working \
            as it is (after `fix`, through the property's own publisher).
            """,
        triggering: [
            "import Combine\nimport UIKit\nfinal class Player: ObservableObject {\n    @Published var title: String = \"\"\n}\nfinal class PlayerViewController: UIViewController {\n    let player = Player()\n    let titleLabel = UILabel()\n    var bag = Set<AnyCancellable>()\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        player.$title.sink { [weak self] title in self?.titleLabel.text = title }.store(in: &bag)\n    }\n}\n",
        ],
        nonTriggering: [
            "import Combine\nimport UIKit\nfinal class Player: ObservableObject {\n    @Published var title: String = \"\"\n}\nfinal class PlayerViewController: UIViewController {\n    let player = Player()\n    var bag = Set<AnyCancellable>()\n    override func viewDidLoad() {\n        super.viewDidLoad()\n        player.$title.sink { [weak self] title in self?.save(title) }.store(in: &bag)\n    }\n    func save(_ title: String) {}\n}\n",
        ],
        examples: [])

    /// The tracked method a reader of the model would move to.
    static func layoutMethod(_ superclass: String) -> String {
        let controller = superclass.hasSuffix("Controller")
        return superclass.hasPrefix("NS") ? (controller ? "viewWillLayout()" : "layout()") : (controller ? "viewWillLayoutSubviews()" : "layoutSubviews()")
    }

    /// Superclasses whose layout methods UIKit and AppKit track.
    static func isTrackedViewClass(_ name: String) -> Bool {
        (name.hasPrefix("UI") || name.hasPrefix("NS")) && (name.hasSuffix("View") || name.hasSuffix("ViewController") || name.hasSuffix("Cell"))
    }

    public func check(_ context: RuleContext) -> [Finding] {
        let source = context.source, f = context.fileIndex
        guard context.decls.imports.contains(where: { $0.module == "UIKit" || $0.module == "AppKit" }) else { return [] }
        var findings: [Finding] = []
        for s in source.indices(of: .dollarIdentifier) where source.kind(s - 1) == .period {
            guard let i = context.index.memberUseAt[Site(file: f, offset: source.start(s))],
                  let model = context.index.memberUses[i].model, context.index.models[model] != nil,
                  let owner = context.index.enclosingTypes(of: s, in: f).first,
                  let superclass = context.index.type(owner).inheritance.first?.name, Self.isTrackedViewClass(superclass),
                  Self.setsOnlyOwnViews(after: s, in: source) else { continue }
            let member = String(source.text(s).dropFirst())
            findings.append(finding(context, source.span(s, through: s),
                "\(context.index.type(owner).simpleName) subscribes to $\(member) of \(TypeName.base(model)) only to set its own views: with Observation, read \(member) in \(Self.layoutMethod(superclass)) (or updateProperties() from iOS 26) and it updates them when \(member) changes (\(superclass.hasPrefix("NS") ? "NSObservationTrackingEnabled in Info.plist on macOS 15" : "UIObservationTrackingEnabled in Info.plist on iOS 18"))",
                fix: nil))
        }
        return findings
    }

    /// Whether the chain after `$x` (token `s`) ends in a `sink` whose closure only assigns to
    /// properties of its own members (`self?.label.text = value`, `label.isHidden = value`), or
    /// in `assign(to: \.text, on: label)`.
    static func setsOnlyOwnViews(after s: Int, in source: SourceFile) -> Bool {
        guard let stages = PipelineStage.chain(from: s + 1, in: source)?.stages else { return false }
        // `on: label` or `on: self.label`; `on: self` sets the controller's own property.
        if stages.contains(where: { stage in
            guard stage.name == "assign", let (open, close) = stage.arguments else { return false }
            return source.isIdentifier(open + 1, "to") && source.kind(open + 3) == .backslash
                && (!source.isIdentifier(close - 1, "self") || source.kind(close - 2) == .period)
        }) { return true }
        let sink = stages.last { $0.name == "sink" }
        let closure = sink.flatMap { $0.closure ?? $0.valueClosure(in: source) }
        guard let c = closure, let shape = ClosureShape(c, in: source), shape.bodyFirst <= shape.bodyLast else { return false }
        // Each statement: `self?.a.b = ...`, `self.a.b = ...` or `a.b = ...`, `a` not the closure's parameter.
        var t = shape.bodyFirst
        var statements = 0
        while t <= shape.bodyLast {
            guard source.startsStatement(t) || t == shape.bodyFirst else { return false }
            var u = t
            if source.isIdentifier(u, "self") { u += source.isText(u + 1, "?") ? 2 : 1; guard source.kind(u) == .period else { return false }; u += 1 }
            guard source.kind(u) == .identifier, source.name(u) != shape.parameter, source.kind(u + 1) == .period || source.isText(u + 1, "?") else { return false }
            var dots = 0
            while source.kind(u) == .identifier || source.kind(u) == .period || source.isText(u, "?") {
                if source.kind(u) == .period { dots += 1 }
                u += 1
            }
            guard dots >= 1, source.isText(u, "=") else { return false }
            statements += 1
            // To the next statement at this level.
            u += 1
            while u <= shape.bodyLast, !(source.startsStatement(u) && source.innermostBrace(around: u) == c.open) {
                if [.leftParen, .leftBracket, .leftBrace].contains(source.kind(u)), Int(source.match[u]) > u { u = Int(source.match[u]) + 1 } else { u += 1 }
            }
            t = u
        }
        return statements > 0
    }
}
