/// Yet another `Store`: a plain key-value cache.
public final class Store {
    private var values: [String: String] = [:]

    public init() {}

    public subscript(key: String) -> String? {
        get { values[key] }
        set { values[key] = newValue }
    }
}
