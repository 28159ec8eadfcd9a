/// The executable exits right after its command: freeing a large project's millions of small
/// objects first only costs time (as clang's `-disable-free` knows). Tests leave this off.
public enum ProcessLifetime {
    nonisolated(unsafe) public static var keepsResultsUntilExit = false
    nonisolated(unsafe) private static var kept: [Any] = []

    package static func keep(_ value: Any) {
        if keepsResultsUntilExit { kept.append(value) }
    }
}
