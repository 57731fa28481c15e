/// Field values encode as the JSON they are written as in scenario files, so an app can persist its records.
extension FieldValue: Codable {
    /// Decodes a string, number, boolean, array of strings or null.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let flag = try? container.decode(Bool.self) {
            self = .bool(flag)
        } else if let number = try? container.decode(Double.self) {
            self = .number(number)
        } else if let text = try? container.decode(String.self) {
            self = .string(text)
        } else {
            self = .strings(try container.decode([String].self))
        }
    }

    /// Encodes the value as the JSON it stands for.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case let .string(text): try container.encode(text)
        case let .number(value): try container.encode(value)
        case let .bool(flag): try container.encode(flag)
        case let .strings(items): try container.encode(items)
        case .null: try container.encodeNil()
        }
    }
}
