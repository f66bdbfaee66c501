extension Collection where Element == Bool, Index == Int {
    /// The runs of consecutive `true` (silent) elements at least `frames` long, in order, by the collection's own
    /// indices (a slice keeps its base's).
    func silentRuns(atLeast frames: Int) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start = startIndex
        while start < endIndex {
            guard self[start] else { start += 1; continue }
            var end = start
            while end < endIndex, self[end] { end += 1 }
            if end - start >= frames { runs.append(start..<end) }
            start = end
        }
        return runs
    }
}
