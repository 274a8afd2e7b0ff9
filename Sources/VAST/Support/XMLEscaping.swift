/// The one XML escaper of the project: the VAST writer, the raw-XML capture of extensions and the JUnit
/// report all write XML text and attribute values through it, so a value reads back as it went in.
///
/// It escapes `&`, `<` and `>` everywhere, `"` in attribute values (which are always written between
/// double quotes), a carriage return everywhere (a parser would turn a raw one into a newline), and tab
/// and newline in attribute values (attribute-value normalisation would turn raw ones into spaces).
/// Characters XML 1.0 cannot carry at all are not its business: ``firstUnrepresentable(in:)`` finds
/// them for a caller that refuses them, ``replacingUnrepresentable(_:)`` for one that must write anyway.
package enum XMLEscaping {
    /// Where a value goes.
    package enum Context: Sendable {
        /// Character data between tags.
        case text
        /// An attribute value between double quotes.
        case attribute
    }

    /// `text` escaped for `context`.
    package static func escaped(_ text: String, in context: Context) -> String {
        guard text.utf8.contains(where: { needsEscaping($0, in: context) }) else { return text }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + 16)
        append(text.utf8, in: context, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends the UTF-8 `bytes` to `output`, escaped for `context`. Multi-byte sequences pass through
    /// unchanged: every byte it replaces is ASCII.
    package static func append(_ bytes: some Sequence<UInt8>, in context: Context, to output: inout [UInt8]) {
        for byte in bytes {
            guard needsEscaping(byte, in: context) else {
                output.append(byte)
                continue
            }
            switch byte {
            case 0x26: output.append(contentsOf: "&amp;".utf8)
            case 0x3C: output.append(contentsOf: "&lt;".utf8)
            case 0x3E: output.append(contentsOf: "&gt;".utf8)
            case 0x22: output.append(contentsOf: "&quot;".utf8)
            case 0x0D: output.append(contentsOf: "&#13;".utf8)
            case 0x09: output.append(contentsOf: "&#9;".utf8)
            default: output.append(contentsOf: "&#10;".utf8)
            }
        }
    }

    /// The first character of `text` that XML 1.0's `Char` production excludes (a control character
    /// other than tab, newline and carriage return, U+FFFE or U+FFFF), which no reference can carry.
    package static func firstUnrepresentable(in text: String) -> Unicode.Scalar? {
        text.unicodeScalars.first { !isRepresentable($0) }
    }

    /// `text` with every character XML 1.0 cannot carry replaced by U+FFFD.
    package static func replacingUnrepresentable(_ text: String) -> String {
        guard firstUnrepresentable(in: text) != nil else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { result.append(isRepresentable(scalar) ? scalar : "\u{FFFD}") }
        return String(result)
    }

    private static func isRepresentable(_ scalar: Unicode.Scalar) -> Bool {
        let code = scalar.value
        return code == 0x09 || code == 0x0A || code == 0x0D || (code >= 0x20 && code != 0xFFFE && code != 0xFFFF)
    }

    private static func needsEscaping(_ byte: UInt8, in context: Context) -> Bool {
        switch byte {
        case 0x26, 0x3C, 0x3E, 0x0D: return true
        case 0x22, 0x09, 0x0A: return context == .attribute
        default: return false
        }
    }
}
