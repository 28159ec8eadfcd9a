import Core

public func describe(_ counter: Counter) -> String {
    "count: \(counter.value)"
}
