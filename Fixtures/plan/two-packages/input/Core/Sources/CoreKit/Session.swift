import Observation

/// Migrated already: the plan counts it as done.
@Observable
public final class Session {
    public var user = ""

    public init() {}
}
