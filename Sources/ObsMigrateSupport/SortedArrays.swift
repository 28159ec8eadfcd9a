extension Array where Element: Equatable {
    /// Keeps the first of each run of equal elements: on a sorted array, each value once.
    @inlinable package mutating func removeAdjacentDuplicates() {
        guard count > 1 else { return }
        var kept = 1
        for i in 1..<count where self[i] != self[kept - 1] {
            if i != kept { swapAt(i, kept) }
            kept += 1
        }
        removeLast(count - kept)
    }
}
