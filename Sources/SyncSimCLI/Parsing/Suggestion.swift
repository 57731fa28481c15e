/// Finds the known name closest to a mistyped one, by edit distance.
enum Suggestion {
    /// The candidate nearest to `typed`, if near enough to be a plausible typo; ties go to the earlier candidate.
    static func closest(to typed: String, among candidates: [String]) -> String? {
        let scored = candidates.map { (candidate: $0, distance: distance(typed, $0)) }
        guard let best = scored.min(by: { $0.distance < $1.distance }) else { return nil }
        let allowed = max(2, best.candidate.count / 3)
        return best.distance <= allowed ? best.candidate : nil
    }

    /// The Levenshtein distance between two strings, counted in characters.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1]
            for (j, y) in b.enumerated() {
                current.append(min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1)))
            }
            previous = current
        }
        return previous[b.count]
    }
}
