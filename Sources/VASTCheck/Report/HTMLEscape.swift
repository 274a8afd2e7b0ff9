import VAST

/// Escaping for text that goes into the HTML report. Every value that comes from a document, a URL
/// or the command line passes through ``HTML/escape(_:)`` (in the report, through ``HTMLEscaper``);
/// nothing is ever written raw, so an ad URL holding `<script>` or `"><img onerror=...>` reads as text.
enum HTML {
    /// Escapes `&`, `<`, `>`, `"` and `'` (safe in text and in quoted attribute values), and
    /// replaces control characters other than tab and newline with U+FFFD.
    static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            case "\t", "\n": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                escaped += "\u{FFFD}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A number for SVG coordinates: at most two decimals, no exponent.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format2: rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }
}

/// What the report writes every value through: private values hidden, then ``HTML/escape(_:)``. In
/// that order, because escaping replaces control characters, and a value that lost one can no longer
/// be found.
struct HTMLEscaper {
    /// What is hidden before escaping.
    let redactor: VASTMacroRedactor

    func callAsFunction(_ text: String) -> String { HTML.escape(redactor.redact(text)) }
}

extension String {
    /// Two decimals, without Foundation's `String(format:)`.
    fileprivate init(format2 value: Double) {
        let negative = value < 0
        let hundredths = Int((abs(value) * 100).rounded())
        let fraction = hundredths % 100
        self = (negative ? "-" : "") + "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }
}
