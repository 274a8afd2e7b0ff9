/// A JSON value whose objects keep their members in the order they were given, so that a
/// document reads the same on every run and in the order its schema is documented.
///
/// A plain `Sendable` value built in memory and turned into text with ``serialized()`` or
/// ``pretty()``; there is no parser. Integers are the only numbers: everything the engine
/// writes as JSON is a count, a size or a code (times and prices are strings, as VAST
/// writes them). Equality compares members in order, so two objects with the same members in
/// a different order are different documents.
public enum OrderedJSON: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer.
    case int(Int)
    /// A string (any Unicode; escaped on output).
    case string(String)
    /// An array.
    case array([OrderedJSON])
    /// An object: its members in order. Keys are expected to be unique; they are written as given.
    case object([(String, OrderedJSON)])

    public static func == (lhs: OrderedJSON, rhs: OrderedJSON) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)):
            a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .int(let value):
            hasher.combine(2)
            hasher.combine(value)
        case .string(let value):
            hasher.combine(3)
            hasher.combine(value)
        case .array(let items):
            hasher.combine(4)
            hasher.combine(items)
        case .object(let members):
            hasher.combine(5)
            hasher.combine(members.count)
            for (key, value) in members {
                hasher.combine(key)
                hasher.combine(value)
            }
        }
    }

    /// The value as compact JSON text on one line.
    ///
    /// Strings are escaped per RFC 8259: `"` and `\` with a backslash, newline, carriage return
    /// and tab by name, other control characters as `\u00XX`; everything else is written as is (UTF-8).
    /// - Returns: the text.
    public func serialized() -> String {
        var text = ""
        write(to: &text, indent: nil, level: 0)
        return text
    }

    /// The value as indented JSON text, two spaces per level, with no trailing newline.
    ///
    /// Empty arrays and objects are written `[]` and `{}`; strings are escaped as in ``serialized()``.
    /// - Returns: the text.
    public func pretty() -> String {
        var text = ""
        write(to: &text, indent: "  ", level: 0)
        return text
    }

    private func write(to text: inout String, indent: String?, level: Int) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .int(let value): text += String(value)
        case .string(let value): OrderedJSON.writeString(value, to: &text)
        case .array(let items):
            writeContainer(open: "[", close: "]", count: items.count, to: &text, indent: indent, level: level) {
                items[$0].write(to: &$1, indent: indent, level: level + 1)
            }
        case .object(let members):
            writeContainer(open: "{", close: "}", count: members.count, to: &text, indent: indent, level: level) {
                OrderedJSON.writeString(members[$0].0, to: &$1)
                $1 += indent == nil ? ":" : ": "
                members[$0].1.write(to: &$1, indent: indent, level: level + 1)
            }
        }
    }

    private func writeContainer(
        open: String, close: String, count: Int, to text: inout String, indent: String?,
        level: Int, item: (Int, inout String) -> Void
    ) {
        text += open
        guard count > 0 else {
            text += close
            return
        }
        for index in 0..<count {
            if index > 0 { text += "," }
            if let indent { text += "\n" + String(repeating: indent, count: level + 1) }
            item(index, &text)
        }
        if let indent { text += "\n" + String(repeating: indent, count: level) }
        text += close
    }

    /// `value` as a JSON string literal, quotes included: `"`, `\` and control characters escaped.
    public static func quoted(_ value: String) -> String {
        var text = ""
        writeString(value, to: &text)
        return text
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
