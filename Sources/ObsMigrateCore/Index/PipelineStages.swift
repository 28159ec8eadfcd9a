/// One stage of a publisher chain after `$x`: `.name(arguments)`, `.name { closure }` or both.
struct PipelineStage {
    var name: String
    var arguments: (open: Int, close: Int)?
    var closure: (open: Int, close: Int)?

    /// The stages from token `k` on (`.` and a name each), and the token after the last; nil
    /// when a bracket of theirs has no match.
    static func chain(from k: Int, in source: SourceFile) -> (stages: [PipelineStage], next: Int)? {
        var stages: [PipelineStage] = []
        var k = k
        while source.kind(k) == .period, source.kind(k + 1) == .identifier {
            var stage = PipelineStage(name: source.text(k + 1), arguments: nil, closure: nil)
            k += 2
            if source.kind(k) == .leftParen {
                let m = Int(source.match[k]); guard m > k else { return nil }
                stage.arguments = (k, m); k = m + 1
            }
            if source.kind(k) == .leftBrace, !source.startsStatement(k) {
                let m = Int(source.match[k]); guard m > k else { return nil }
                stage.closure = (k, m); k = m + 1
            }
            stages.append(stage)
        }
        return (stages, k)
    }

    /// A `sink` stage's value closure: trailing (with no arguments, or empty ones), or the one
    /// argument of `sink(receiveValue: { ... })`; nil for anything else.
    func valueClosure(in source: SourceFile) -> (open: Int, close: Int)? {
        if let a = arguments, a.open + 1 != a.close {
            guard closure == nil, source.isIdentifier(a.open + 1, "receiveValue"), source.kind(a.open + 2) == .colon,
                  source.kind(a.open + 3) == .leftBrace, Int(source.match[a.open + 3]) + 1 == a.close else { return nil }
            return (a.open + 3, a.close - 1)
        }
        return closure
    }
}
