/// Where a value sits in a JSON document: the printable key path and a key that sorts in document order.
struct DocumentPath: Hashable, Sendable {
    /// `devices[1].clock.skew`; empty at the top.
    var text = ""
    /// The index of each member or element on the way down; comparing these orders values as the file does.
    var order: [Int] = []

    static let root = DocumentPath()

    /// The path of an object's member `key`, the `position`th member.
    func member(_ key: String, at position: Int) -> DocumentPath {
        DocumentPath(text: text + Self.keyText(key, first: text.isEmpty), order: order + [position])
    }

    /// The path of an array's element at `index`.
    func element(_ index: Int) -> DocumentPath {
        DocumentPath(text: text + "[\(index)]", order: order + [index])
    }

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
        order.lexicographicallyPrecedes(other.order)
    }
}
