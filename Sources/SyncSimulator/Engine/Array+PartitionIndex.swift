extension Array {
    /// The first index whose element passes `isAfter`, found by a binary search, for an array in which a prefix of
    /// elements fails it and the rest pass; `count` when none passes.
    func partitionIndex(where isAfter: (Element) -> Bool) -> Int {
        var low = 0, high = count
        while low < high {
            let middle = (low + high) / 2
            if isAfter(self[middle]) { high = middle } else { low = middle + 1 }
        }
        return low
    }
}
