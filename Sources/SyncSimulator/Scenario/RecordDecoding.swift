extension ScenarioDecoder {
    /// `records`: at most 100,000 records with unique ids.
    mutating func records(_ node: DocumentNode) -> [RecordSpec] {
        guard let items = array(node, of: "records", count: ScenarioBounds.records) else { return [] }
        var firstIndex: [String: Int] = [:]
        var records: [RecordSpec] = []
        for (index, item) in items.enumerated() {
            guard let object = object(item, keys: ["id", "type", "fields"]) else { continue }
            let id = require(object, "id", as: .recordID)
            let type = require(object, "type", as: .recordType)
            let fields = optional(object, "fields", as: .fields, default: [:])
            guard let id, let idNode = object["id"], claim(id, index: index, at: idNode.path, of: "records", in: &firstIndex),
                  let type, let fields
            else { continue }
            records.append(RecordSpec(id: id, type: type, fields: fields))
        }
        return records
    }
}

extension ValueReader where T == String {
    /// A record type such as `"Favorite"`: any string of 1 to 200 characters.
    static var recordType: ValueReader { text("a record type", lengths: ScenarioBounds.idLength) }
}
