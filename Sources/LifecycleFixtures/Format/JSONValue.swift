import Foundation
import VAST

/// A JSON document as a tree: what a fixture file is read into before its fields are checked one by one,
/// so every complaint can name the exact path (`steps[3].input.progressed.positionMs`).
enum JSONValue: Sendable, Hashable, Decodable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
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

    /// The value as one line of JSON, keys in ``keyOrder`` first and the rest alphabetically, so the
    /// same output always reads the same in a diff.
    var rendered: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return value ? "true" : "false"
        case .number(let value): return Self.render(number: value)
        case .string(let value): return OrderedJSON.quoted(value)
        case .array(let values): return "[" + values.map(\.rendered).joined(separator: ",") + "]"
        case .object(let members):
            let keys = members.keys.sorted { lhs, rhs in
                let left = Self.keyOrder.firstIndex(of: lhs) ?? Self.keyOrder.count
                let right = Self.keyOrder.firstIndex(of: rhs) ?? Self.keyOrder.count
                return (left, lhs) < (right, rhs)
            }
            return "{"
                + keys.map { OrderedJSON.quoted($0) + ":" + (members[$0] ?? .null).rendered }.joined(separator: ",")
                + "}"
        }
    }

    /// Keys that read best first: what an output is, then where it goes, then the details.
    static let keyOrder = [
        "callback", "beacon", "offset", "url", "hop", "adInstanceID", "code", "action", "message",
        "positionMs", "durationMs", "x", "y", "width", "height",
    ]

    /// What kind of value this is, for error messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    private static func render(number: Double) -> String {
        if number.rounded() == number, abs(number) < 9_007_199_254_740_992 { return String(Int64(number)) }
        return String(number)
    }
}
