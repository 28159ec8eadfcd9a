#if canImport(FoundationEssentials)
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif
import Dispatch
#else
import Foundation
#endif

/// Order-preserving parallel map over both cores. Inlinable, so that it is specialised for
/// each result type, as it was inside one module.
@inlinable
package func parallelMap<T: Sendable>(_ items: [Int], _ body: @Sendable (Int) -> T) -> [T] {
    var results = [T?](repeating: nil, count: items.count)
    results.withUnsafeMutableBufferPointer { buffer in
        let base = buffer.baseAddress!
        nonisolated(unsafe) let out = base
        DispatchQueue.concurrentPerform(iterations: items.count) { i in
            out[i] = body(items[i])
        }
    }
    return results.map { $0! }
}
