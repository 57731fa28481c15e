/// Where a value sits in a JSON document: the steps down to it, which sort in document order and print as a key path
/// only when a message needs one.
///
/// The last step is kept apart from the ones before it, so naming a member or an element of a container whose path
/// has none (`flattened`) shares the container's steps instead of copying them: a large timeline names a path for
/// every value in it, and only those of containers need steps of their own.
struct DocumentPath: Sendable {
    /// One step down: an object's member (its key and its position among the members) or an array's element.
    private struct Step: Sendable {
        /// The member's key; nil for an array element.
        var key: String?
        var position: Int
    }

    /// The steps before the last one.
    private var leading: [Step] = []
    private var last: Step?

    static let root = DocumentPath()

    /// The path of an object's member `key`, the `position`th member.
    func member(_ key: String, at position: Int) -> DocumentPath {
        appending(Step(key: key, position: position))
    }

    /// The path of an array's element at `index`.
    func element(_ index: Int) -> DocumentPath {
        appending(Step(key: nil, position: index))
    }

    /// The same path with every step among the leading ones, for a container to name its members or elements from.
    var flattened: DocumentPath {
        guard let last else { return self }
        return DocumentPath(leading: leading + [last], last: nil)
    }

    private func appending(_ step: Step) -> DocumentPath {
        DocumentPath(leading: flattened.leading, last: step)
    }

    private var steps: [Step] { last.map { leading + [$0] } ?? leading }

    /// `devices[1].clock.skew`; empty at the top.
    var text: String {
        var text = ""
        for step in steps {
            if let key = step.key {
                text += Self.keyText(key, first: text.isEmpty)
            } else {
                text += "[\(step.position)]"
            }
        }
        return text
    }

    /// The index of each member or element on the way down; comparing these orders values as the file does.
    var order: [Int] { steps.map(\.position) }

    /// `.key` for plain names, `["odd key"]` otherwise, so any key prints unambiguously.
    private static func keyText(_ key: String, first: Bool) -> String {
        let plain = !key.isEmpty && key.unicodeScalars.allSatisfy { scalar in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" || scalar == "-"
        }
        if plain { return first ? key : "." + key }
        return "[" + JSONValue.quoted(key) + "]"
    }

    /// Whether `self` comes before `other` in the file; a value comes before the values inside it.
    func precedes(_ other: DocumentPath) -> Bool {
        steps.lazy.map(\.position).lexicographicallyPrecedes(other.steps.lazy.map(\.position))
    }
}
