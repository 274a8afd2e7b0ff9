/// Private values and the ways encoders spell them, for the redaction property tests: a seeded
/// generator, so a failing case reproduces from the printed seed.
///
/// Values hold what real ones hold and what breaks naive matching: reserved characters, spaces, `+`,
/// `~`, `%`, quotes, angle brackets, non-ASCII letters and commas. Spellings are what a URL or a page
/// can carry them as: the encoders of RFC 3986 (PHP's `rawurlencode`), JavaScript's `encodeURIComponent`,
/// Java's `URLEncoder` and PHP's `urlencode`, hex in upper, lower or mixed case, HTML character
/// references (named, decimal, hex), JSON's `\u` escapes, the value in another letter case, one
/// character spelled one way and the next another, and any of these nested one to three times.
public struct ValueSpeller {
    private var random: SplitMix64

    /// A speller whose values and spellings are fixed by `seed`.
    public init(seed: UInt64) { random = SplitMix64(seed: seed) }

    /// The kinds of private value generated.
    public enum Kind: CaseIterable, Sendable {
        /// An advertising identifier: a UUID in upper or lower case.
        case identifier
        /// A user agent: slashes, parentheses, semicolons, spaces, and sometimes `+`, quotes or accents.
        case userAgent
        /// A consent string: base64 (with `+`, `/`, `=`) or base64url, sometimes GPP's `~` sections.
        case consent
        /// An IPv4 or IPv6 address.
        case address
        /// Free text: words from the whole hostile alphabet (`%`, `&`, `<`, `"`, `'`, `,`, accents, CJK).
        case freeText
    }

    /// A fresh value of `kind`, at least 8 bytes long.
    public mutating func value(_ kind: Kind) -> String {
        switch kind {
        case .identifier:
            let hex = Array("0123456789ABCDEF")
            let groups = [8, 4, 4, 4, 12].map { length in String((0..<length).map { _ in hex[int(16)] }) }
            let uuid = groups.joined(separator: "-")
            return chance(2) ? uuid.lowercased() : uuid
        case .userAgent:
            let devices = [
                "iPhone; CPU iPhone OS 17_4 like Mac OS X", "Linux; Android 14; Pixel 8", "X11; Linux x86_64",
            ]
            var agent = "Mozilla/5.0 (\(pick(devices))) AppleWebKit/537.36 (KHTML, like Gecko)"
            if chance(2) { agent += " Chrome/\(int(130)).0.\(int(9999)).\(int(99)) Mobile Safari/537.36" }
            if chance(3) { agent += " App/\(int(9)).\(int(9)) (+https://app.example/bot; \"quoted\")" }
            if chance(3) { agent += " Locale/fr-FR Ville/Montréal Ünïcödé" }
            return agent
        case .consent:
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
            let extra: [Character] = chance(2) ? ["+", "/"] : ["-", "_"]
            let body = String((0..<(20 + int(40))).map { _ in chance(8) ? pick(extra) : pick(alphabet) })
            let consent = chance(2) ? body + "==" : body
            return chance(3) ? "DBABMA~" + consent + "~1YNN" : consent
        case .address:
            if chance(2) { return (0..<4).map { _ in String(int(256)) }.joined(separator: ".") }
            return "2001:db8:" + (0..<3).map { _ in String(int(65536), radix: 16) }.joined(separator: ":") + "::1"
        case .freeText:
            let words = [
                "café", "naïve", "日本語", "a+b", "50%", "x&y", "<tag>", "\"quote\"", "it's", "a,b,c", "key=value",
                "semi;colon", "path/to", "(paren)", "star*", "bang!", "tilde~", "hash#", "q?", "at@", "back\\slash",
                "€uro", "ñandú", "space here",
            ]
            var text = pick(words)
            for _ in 0..<(2 + int(3)) { text += pick([" ", "-", ".", ""]) + pick(words) }
            return text.utf8.count >= 8 ? text : text + " filler"
        }
    }

    /// A number in `0..<bound`, from the same sequence as the values.
    public mutating func number(below bound: Int) -> Int { int(bound) }

    /// Ten-thousandths of a degree as the macro expander writes degrees (`51.5`, `-0.1278`, `12`): up
    /// to six decimals, no trailing zeros.
    public static func degrees(_ tenThousandths: Int) -> String {
        let magnitude = abs(tenThousandths)
        var fraction = String(magnitude % 10_000)
        fraction = String(repeating: "0", count: 4 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return (tenThousandths < 0 ? "-" : "") + String(magnitude / 10_000) + (fraction.isEmpty ? "" : "." + fraction)
    }

    /// `count` spellings of `value`, each named after the encoders that made it (the value as given
    /// first, then each single encoder, then random mixes and nestings).
    public mutating func spellings(of value: String, count: Int) -> [(name: String, text: String)] {
        var spellings: [(name: String, text: String)] = [("as-given", value)]
        for encoder in Encoder.allCases where spellings.count < count {
            spellings.append((encoder.rawValue, encode(value, encoder)))
        }
        while spellings.count < count {
            var text = value
            var names: [String] = []
            for step in 0..<(1 + int(3)) {
                // A letter case is the value's: after an escape it would spell another escape (`&SOL;`, `\U`).
                let encoder = pick(step == 0 ? Encoder.allCases : Encoder.escaping)
                text = encode(text, encoder)
                names.append(encoder.rawValue)
            }
            spellings.append((names.joined(separator: "+"), text))
        }
        return spellings
    }

    /// The encoders a spelling is made of.
    public enum Encoder: String, CaseIterable, Sendable {
        case rfc3986 = "rawurlencode"
        case rfc3986Lower = "rfc3986-lower-hex"
        case encodeURIComponent
        case javaURLEncoder = "URLEncoder"
        case phpURLEncode = "urlencode"
        case mixedHexCase = "mixed-hex-case"
        case htmlNamed = "html-named"
        case htmlDecimal = "html-decimal"
        case htmlHex = "html-hex"
        case jsonUnicode = "json-u"
        case upperCase = "upper-case"
        case lowerCase = "lower-case"
        case perCharacter = "per-character"

        /// The encoders that escape (all but the letter cases).
        public static let escaping = allCases.filter { $0 != .upperCase && $0 != .lowerCase }
    }

    /// `text` as `encoder` writes it.
    public mutating func encode(_ text: String, _ encoder: Encoder) -> String {
        switch encoder {
        case .rfc3986: return percentEncoded(text, keeping: "-._~", hex: .upper)
        case .rfc3986Lower: return percentEncoded(text, keeping: "-._~", hex: .lower)
        case .encodeURIComponent: return percentEncoded(text, keeping: "-_.!~*'()", hex: .upper)
        case .javaURLEncoder: return percentEncoded(text, keeping: ".-*_", hex: .upper, plusForSpace: true)
        case .phpURLEncode: return percentEncoded(text, keeping: "-_.", hex: .upper, plusForSpace: true)
        case .mixedHexCase: return percentEncoded(text, keeping: "", hex: .mixed)
        case .htmlNamed:
            return String(text.unicodeScalars.map { Self.namedReferences[$0].map { "&\($0);" } ?? String($0) }.joined())
        case .htmlDecimal:
            return text.unicodeScalars.map { Self.isAlphanumeric($0) ? String($0) : "&#\($0.value);" }.joined()
        case .htmlHex:
            return text.unicodeScalars.map { scalar in
                Self.isAlphanumeric(scalar) ? String(scalar) : "&#\(chance(2) ? "x" : "X")\(hex(scalar.value));"
            }.joined()
        case .jsonUnicode:
            return text.utf16.map { unit in
                if unit < 0x80, Self.isAlphanumeric(Unicode.Scalar(UInt8(unit))) {
                    return String(Unicode.Scalar(UInt8(unit)))
                }
                let digits = hex(UInt32(unit))
                return "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            }.joined()
        case .upperCase: return Self.asciiCase(text, upper: true)
        case .lowerCase: return Self.asciiCase(text, upper: false)
        case .perCharacter:
            return text.unicodeScalars.map { scalar in
                let one = String(scalar)
                switch int(6) {
                case 0: return percentEncoded(one, keeping: "", hex: .upper)
                case 1: return percentEncoded(one, keeping: "", hex: .lower)
                case 2: return "&#\(scalar.value);"
                case 3: return "&#x\(hex(scalar.value));"
                case 4: return scalar == " " ? "+" : Self.namedReferences[scalar].map { "&\($0);" } ?? one
                default: return one
                }
            }.joined()
        }
    }

    /// Named references, as HTML defines them, for the characters the values hold.
    public static let namedReferences: [Unicode.Scalar: String] = [
        "&": "amp", "<": "lt", ">": "gt", "\"": "quot", "'": "apos", "/": "sol", ":": "colon", "(": "lpar",
        ")": "rpar", ";": "semi", ",": "comma", ".": "period", "!": "excl", "*": "ast", "#": "num", "%": "percnt",
        "+": "plus", "=": "equals", "?": "quest", "@": "commat", "\\": "bsol", "_": "lowbar",
        "\u{A0}": "nbsp", "é": "eacute", "ï": "iuml", "Ü": "Uuml", "ü": "uuml", "ö": "ouml", "ñ": "ntilde",
        "ú": "uacute", "€": "euro",
    ]

    private enum HexCase { case upper, lower, mixed }

    private mutating func percentEncoded(
        _ text: String, keeping kept: String, hex: HexCase, plusForSpace: Bool = false
    ) -> String {
        let upper = Array("0123456789ABCDEF")
        let lower = Array("0123456789abcdef")
        var output = ""
        for byte in text.utf8 {
            let scalar = Unicode.Scalar(byte)
            if byte < 0x80 && (Self.isAlphanumeric(scalar) || kept.unicodeScalars.contains(scalar)) {
                output.unicodeScalars.append(scalar)
            } else if plusForSpace && byte == 0x20 {
                output += "+"
            } else {
                output += "%"
                for digit in [Int(byte >> 4), Int(byte & 0x0F)] {
                    let upperCase = hex == .upper || (hex == .mixed && chance(2))
                    output.append(upperCase ? upper[digit] : lower[digit])
                }
            }
        }
        return output
    }

    private static func asciiCase(_ text: String, upper: Bool) -> String {
        String(
            String.UnicodeScalarView(
                text.unicodeScalars.map { scalar in
                    guard scalar.isASCII, let letter = Character(scalar).asciiValue else { return scalar }
                    let isUpper = (65...90).contains(letter)
                    let isLower = (97...122).contains(letter)
                    if upper && isLower { return Unicode.Scalar(letter - 32) }
                    if !upper && isUpper { return Unicode.Scalar(letter + 32) }
                    return scalar
                }))
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    private mutating func hex(_ value: UInt32) -> String {
        let digits = String(value, radix: 16)
        return chance(2) ? digits.uppercased() : digits
    }

    private mutating func int(_ bound: Int) -> Int { Int(random.next() % UInt64(bound)) }

    private mutating func chance(_ oneIn: Int) -> Bool { int(oneIn) == 0 }

    private mutating func pick<T>(_ items: [T]) -> T { items[int(items.count)] }
}
