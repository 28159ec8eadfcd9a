/// A file, or a run of a large file's significant tokens: a pass that looks at each token on
/// its own then spreads one huge file over the cores as it does many small ones.
struct FilePiece: Sendable, Equatable {
    var file: Int
    /// nil: the whole file (whose tokens may have been let go).
    var tokens: Range<Int>?

    /// About 0.5 MB of source: a file above it is split.
    static let tokensPerPiece = 1 << 17

    /// Every file in order, the large ones (with their tokens kept) as consecutive pieces, so
    /// results concatenated in order are those of one pass over each file.
    static func split(_ files: [ProjectFile], tokensPerPiece: Int = tokensPerPiece) -> [FilePiece] {
        var pieces: [FilePiece] = []
        for f in files.indices {
            let count = files[f].tokensDropped ? 0 : files[f].source.sigCount
            guard count > tokensPerPiece else {
                pieces.append(FilePiece(file: f, tokens: nil))
                continue
            }
            for lower in stride(from: 0, to: count, by: tokensPerPiece) {
                pieces.append(FilePiece(file: f, tokens: lower..<min(lower + tokensPerPiece, count)))
            }
        }
        return pieces
    }
}
