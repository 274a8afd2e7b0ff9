/// A JSON value with ordered object keys, so the CLI's documents read the same on every run
/// and in the order the README documents.
enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case string(String)
    case array([JSON])
    case object([(String, JSON)])

    static func == (lhs: JSON, rhs: JSON) -> Bool { lhs.serialized() == rhs.serialized() }

    /// Compact JSON text (one line).
    func serialized() -> String {
        var text = ""
        write(to: &text, indent: nil, level: 0)
        return text
    }

    /// Indented JSON text, two spaces per level.
    func pretty() -> String {
        var text = ""
        write(to: &text, indent: "  ", level: 0)
        return text
    }

    private func write(to text: inout String, indent: String?, level: Int) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .int(let value): text += String(value)
        case .string(let value): JSON.writeString(value, to: &text)
        case .array(let items):
            writeContainer(open: "[", close: "]", count: items.count, to: &text, indent: indent, level: level) {
                items[$0].write(to: &$1, indent: indent, level: level + 1)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, to: &text, indent: indent, level: level) {
                JSON.writeString(members[$0].0, to: &$1)
                $1 += indent == nil ? ":" : ": "
                members[$0].1.write(to: &$1, indent: indent, level: level + 1)
            }
        }
    }

    private func writeContainer(open: String, close: String, count: Int, to text: inout String, indent: String?,
                                level: Int, item: (Int, inout String) -> Void) {
        text += open
        guard count > 0 else { text += close; return }
        for index in 0..<count {
            if index > 0 { text += "," }
            if let indent { text += "\n" + String(repeating: indent, count: level + 1) }
            item(index, &text)
        }
        if let indent { text += "\n" + String(repeating: indent, count: level) }
        text += close
    }

    private static func writeString(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
