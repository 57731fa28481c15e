/// A JSON value together with its place in the document, the unit scenario decoding works on.
struct DocumentNode {
    var value: JSONValue
    var path: DocumentPath
}

/// A JSON object's members with their places in the document, looked up by key.
struct ObjectNode {
    var path: DocumentPath
    var members: [(key: String, value: JSONValue)]

    /// The member named `key`, if the object has it.
    subscript(key: String) -> DocumentNode? {
        guard let position = members.firstIndex(where: { $0.key == key }) else { return nil }
        return DocumentNode(value: members[position].value, path: path.member(key, at: position))
    }

    /// Every member in file order.
    var nodes: [(key: String, node: DocumentNode)] {
        members.enumerated().map { position, member in
            (member.key, DocumentNode(value: member.value, path: path.member(member.key, at: position)))
        }
    }

    /// Where a missing member would be reported: under this object, after all its members.
    func missing(_ key: String) -> DocumentPath {
        path.member(key, at: members.count)
    }
}
