/// Finds the known name closest to a misspelt one, for "did you mean" hints.
package enum Suggestion {
    /// Names longer than this are not compared (hostile input stays cheap).
    private static let longestCompared = 100

    /// The first of `candidates` nearest to `text` by case-insensitive edit distance, if near enough to be a typo
    /// (a few edits, and not every character replaced).
    package static func closest(to text: String, among candidates: [String]) -> String? {
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

    /// `did you mean "x"?` when a close name exists, else `known keys are "a", "b"`: what to say of an unknown key.
    static func help(for key: String, among known: [String]) -> String {
        closest(to: key, among: known).map { "did you mean \(JSONValue.quoted($0))?" } ?? "known keys are \(list(known))"
    }

    /// `"a", "b", "c"`: names quoted and listed.
    static func list(_ names: [String]) -> String {
        names.map(JSONValue.quoted).joined(separator: ", ")
    }

    /// Edit distance counting an insertion, a deletion, a substitution or a swap of two neighbours as one edit
    /// (optimal string alignment), so `"rnu"` is one edit from `"run"`.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        var older = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in a.indices {
            var row = [i + 1]
            for j in b.indices {
                var best = min(previous[j + 1] + 1, row[j] + 1, previous[j] + (a[i] == b[j] ? 0 : 1))
                if i > 0, j > 0, a[i] == b[j - 1], a[i - 1] == b[j] { best = min(best, older[j - 1] + 1) }
                row.append(best)
            }
            older = previous
            previous = row
        }
        return previous[b.count]
    }
}
