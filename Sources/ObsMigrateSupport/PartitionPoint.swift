/// The first index in `0..<count` for which `isBefore` is false, given that it holds for a
/// prefix and fails for the rest: a binary search over sorted offsets, by index so that no
/// element (a declaration, say) is copied to be compared.
/// Inlinable, as it was inside one module: its callers in the lexer and index pass a closure
/// that must be specialised into them.
@inlinable @inline(__always)
package func partitionPoint(_ count: Int, _ isBefore: (Int) -> Bool) -> Int {
    var low = 0, high = count
    while low < high {
        let middle = (low + high) / 2
        if isBefore(middle) { low = middle + 1 } else { high = middle }
    }
    return low
}
