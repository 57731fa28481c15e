/// Finds the known name closest to a misspelt one, for "did you mean" hints.
enum Suggestion {
    /// Names longer than this are not compared (hostile input stays cheap).
    private static let longestCompared = 100

    /// The first of `candidates` nearest to `text` by case-insensitive edit distance, if near enough to be a typo
    /// (a few edits, and not every character replaced).
    static func closest(to text: String, among candidates: [String]) -> String? {
        let word = Array(text.lowercased().unicodeScalars)
        guard word.count <= longestCompared else { return nil }
        let allowed = max(1, min(3, word.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(word, Array(candidate.lowercased().unicodeScalars))
            let isTypo = distance <= allowed && distance < max(word.count, candidate.unicodeScalars.count)
            if isTypo, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.name
    }

    /// `; did you mean "x"?` when a close name exists, else an empty string.
    static func hint(for text: String, among candidates: [String]) -> String {
        closest(to: text, among: candidates).map { "; did you mean \(JSONValue.quoted($0))?" } ?? ""
    }

    /// `"a", "b", "c"`: names quoted and listed.
    static func list(_ names: [String]) -> String {
        names.map(JSONValue.quoted).joined(separator: ", ")
    }

    /// Levenshtein distance: the fewest insertions, deletions and substitutions turning `a` into `b`.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var previous = Array(0...b.count)
        for (i, left) in a.enumerated() {
            var row = [i + 1]
            for (j, right) in b.enumerated() {
                row.append(min(previous[j + 1] + 1, row[j] + 1, previous[j] + (left == right ? 0 : 1)))
            }
            previous = row
        }
        return previous[b.count]
    }
}
