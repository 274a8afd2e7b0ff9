import FoundationEssentials

/// A JSON document read into a tree: what the fixture formats and the tests' expectations are decoded into
/// before their fields are checked one by one, so every complaint can name the exact path. The engine's
/// one JSON reading tree; its one JSON writer is ``OrderedJSON``.
package enum JSONValue: Sendable, Hashable, Decodable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    package init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([JSONValue].self) {
            self = .array(value)
        } else {
            self = .object(try container.decode([String: JSONValue].self))
        }
    }

    /// The value as one line of JSON, object keys in `keyOrder` first and the rest alphabetically, so the
    /// same value always reads the same in a diff; whole numbers without a fraction.
    package func rendered(keyOrder: [String] = []) -> String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value):
            if value.rounded() == value, abs(value) < 9_007_199_254_740_992 { return String(Int64(value)) }
            return String(value)
        case .string(let value): return OrderedJSON.quoted(value)
        case .array(let values):
            return "[" + values.map { $0.rendered(keyOrder: keyOrder) }.joined(separator: ",") + "]"
        case .object(let members):
            let keys = members.keys.sorted { lhs, rhs in
                let left = keyOrder.firstIndex(of: lhs) ?? keyOrder.count
                let right = keyOrder.firstIndex(of: rhs) ?? keyOrder.count
                return (left, lhs) < (right, rhs)
            }
            return "{"
                + keys.map { OrderedJSON.quoted($0) + ":" + (members[$0] ?? .null).rendered(keyOrder: keyOrder) }
                .joined(separator: ",") + "}"
        }
    }

    /// ``rendered(keyOrder:)`` with keys in alphabetical order.
    package var description: String { rendered() }

    /// What kind of value this is, for error messages.
    package var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// The value at a dotted path with indexes (`documents[0].chain[2].kind`); `.null` when absent.
    package func value(at path: String) -> JSONValue {
        var current = self
        for component in path.split(separator: ".") {
            var name = Substring(component)
            var indexes: [Int] = []
            while name.hasSuffix("]"), let open = name.lastIndex(of: "[") {
                indexes.insert(Int(name[name.index(after: open)..<name.index(before: name.endIndex)]) ?? -1, at: 0)
                name = name[..<open]
            }
            if !name.isEmpty {
                guard case .object(let members) = current, let next = members[String(name)] else { return .null }
                current = next
            }
            for index in indexes {
                guard case .array(let values) = current, values.indices.contains(index) else { return .null }
                current = values[index]
            }
        }
        return current
    }
}
