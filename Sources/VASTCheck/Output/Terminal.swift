/// Makes text from outside (file names, URLs, document values, messages quoting them) safe to print
/// on a terminal: C0 and C1 control characters (escape sequences start with one), DEL, and the Unicode
/// bidirectional controls that can make a line read otherwise than it is are shown escaped (`\x1b`,
/// `\u{202E}`), so that a tag cannot move the cursor, recolour or retitle the terminal, or reorder
/// what a person reads. Only human output goes through it; JSON, SARIF and JUnit keep the exact text.
enum Terminal {
    /// `text` with every unsafe scalar escaped, line breaks and tabs included (for one field of a line).
    static func escape(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars { append(scalar, to: &escaped) }
        return escaped
    }

    /// `text` (several lines of human output) with every unsafe scalar escaped but its line breaks and tabs.
    static func escapeLines(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isUnsafe($0) && $0 != "\n" && $0 != "\t" }) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            if scalar == "\n" || scalar == "\t" {
                escaped.unicodeScalars.append(scalar)
            } else {
                append(scalar, to: &escaped)
            }
        }
        return escaped
    }

    /// True for a scalar a terminal would act on rather than show.
    static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        // ALM, LRM, RLM, LRE/RLE/PDF/LRO/RLO, LRI/RLI/FSI/PDI, and the line and paragraph separators.
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029: true
        default: false
        }
    }

    private static func append(_ scalar: Unicode.Scalar, to text: inout String) {
        guard isUnsafe(scalar) else {
            text.unicodeScalars.append(scalar)
            return
        }
        switch scalar {
        case "\n": text += "\\n"
        case "\r": text += "\\r"
        case "\t": text += "\\t"
        default:
            let hex = String(scalar.value, radix: 16)
            text +=
                scalar.value < 0x100
                ? "\\x" + String(repeating: "0", count: 2 - hex.count) + hex : "\\u{" + hex.uppercased() + "}"
        }
    }
}
