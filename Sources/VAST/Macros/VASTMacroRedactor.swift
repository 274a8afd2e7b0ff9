/// Hides the values of private macros (identifiers, consent strings, the device's address and user
/// agent) wherever they appear in a text: an expanded URL, an error message, a report line.
///
/// Built from the ``VASTMacroContext`` whose values the expander would write, it knows each private
/// value in every spelling it is likely to take in a URL or a message:
/// - as the expander writes it: percent-encoded per RFC 3986 with uppercase hex, list items joined
///   with bare commas;
/// - the same with lowercase hex, and with `+` for each space (form encoding, as some servers
///   rewrite a URL they forward);
/// - percent-encoded twice (a wrapper that passes the received URL on as a query parameter);
/// - as given (a message that quotes the raw value).
///
/// Each occurrence becomes ``placeholder(for:)`` (`[redacted:IFA]`), which contains no value and is
/// not a macro (the expander takes only uppercase names), so redacted text can be shown, logged or
/// redacted again safely. A value is hidden whether or not the context declares its macro withheld
/// or unknown. Values shorter than ``minimumValueLength`` bytes as given (`::1`, `0,0`) are not
/// searched for in any spelling: they identify no one and would match ordinary text. `TIMESTAMP`
/// and `CACHEBUSTING` are never private (they are made fresh for each URI).
///
/// A value, `Sendable`. ``redact(_:)`` is linear in the text's length for each spelling (a
/// Knuth-Morris-Pratt search), so it is bounded however hostile the text or the values are.
public struct VASTMacroRedactor: Sendable {
    /// The macros whose values identify a person or carry their consent choices: `IFA`, `DEVICEIP`,
    /// `LATLONG`, `GDPRCONSENT`, `GPPSTRING` and `DEVICEUA`. The default set of private macros.
    public static let identifyingMacros: Set<VASTMacro> = [
        .ifa, .deviceIP, .latLong, .gdprConsent, .gppString, .deviceUA,
    ]

    /// The shortest value searched for, in bytes (4).
    public static let minimumValueLength = 4

    /// A redactor that hides nothing (for `--no-redact` and other local debugging).
    public static let disabled = VASTMacroRedactor(patterns: [])

    /// The spellings searched for, longest first, each with the macro it hides.
    private let patterns: [Pattern]

    private struct Pattern: Sendable {
        var bytes: [UInt8]
        var failure: [Int]
        var replacement: [UInt8]
    }

    /// Creates a redactor for the values `context` holds for `privateMacros`.
    /// - Parameters:
    ///   - context: the values the expander writes (a request's, a profile's).
    ///   - privateMacros: the macros to hide; ``identifyingMacros`` by default. A tenant may add more.
    public init(context: VASTMacroContext, privateMacros: Set<VASTMacro> = identifyingMacros) {
        // The macros with a value to hide, in name order; a call without private values sorts nothing.
        var valued: [(macro: VASTMacro, items: [String])] = []
        for macro in privateMacros where macro.isIAB && macro != .timestamp && macro != .cacheBusting {
            guard case .items(let items) = context.value(of: macro),
                items.joined(separator: ",").utf8.count >= Self.minimumValueLength
            else { continue }
            valued.append((macro, items))
        }
        valued.sort { $0.macro.rawValue < $1.macro.rawValue }
        var seen: Set<[UInt8]> = []
        var patterns: [Pattern] = []
        for (macro, items) in valued {
            let replacement = Array(Self.placeholder(for: macro).utf8)
            for spelling in Self.spellings(of: items) {
                guard seen.insert(spelling).inserted else { continue }
                patterns.append(
                    Pattern(
                        bytes: spelling, failure: Self.failureTable(spelling),
                        replacement: replacement))
            }
        }
        self.init(patterns: patterns.sorted { $0.bytes.count > $1.bytes.count })
    }

    private init(patterns: [Pattern]) {
        self.patterns = patterns
    }

    /// True when there is nothing to hide (no private macro has a value, or the redactor is ``disabled``).
    public var isEmpty: Bool { patterns.isEmpty }

    /// What a hidden value is replaced with: `[redacted:NAME]`.
    /// - Parameter macro: the macro whose value was hidden.
    /// - Returns: the placeholder text.
    public static func placeholder(for macro: VASTMacro) -> String { "[redacted:\(macro.rawValue)]" }

    /// The text with every private value replaced by its placeholder.
    ///
    /// Where two spellings overlap, the one that starts first wins, then the longer one.
    /// - Parameter text: any text: a URL, a message, a whole report.
    /// - Returns: the text with each occurrence replaced; `text` itself when nothing was found.
    public func redact(_ text: String) -> String {
        guard !patterns.isEmpty, !text.isEmpty else { return text }
        let input = Array(text.utf8)
        var matches: [(start: Int, end: Int, pattern: Int)] = []
        for (index, pattern) in patterns.enumerated() {
            for end in Self.occurrences(of: pattern, in: input) {
                matches.append((end - pattern.bytes.count, end, index))
            }
        }
        guard !matches.isEmpty else { return text }
        matches.sort { ($0.start, $1.end) < ($1.start, $0.end) }
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var copied = 0
        for match in matches where match.start >= copied {
            output.append(contentsOf: input[copied..<match.start])
            output.append(contentsOf: patterns[match.pattern].replacement)
            copied = match.end
        }
        output.append(contentsOf: input[copied...])
        return String(decoding: output, as: UTF8.self)
    }

    /// The spellings of one value (see the type's documentation), possibly repeated.
    private static func spellings(of items: [String]) -> [[UInt8]] {
        let encoded = VASTMacroFormatting.encodedList(items)
        let encodedText = String(decoding: encoded, as: UTF8.self)
        var lowercaseHex = encoded
        for index in encoded.indices where encoded[index] == UInt8(ascii: "%") {
            for digit in (index + 1)..<min(index + 3, encoded.count)
            where (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(encoded[digit]) {
                lowercaseHex[digit] = encoded[digit] + 0x20
            }
        }
        var doubled: [UInt8] = []
        VASTMacroFormatting.appendPercentEncoded(encodedText, to: &doubled)
        let formEncoded = Array(encodedText.replacing("%20", with: "+").utf8)
        let raw = Array(items.joined(separator: ",").utf8)
        return [encoded, lowercaseHex, formEncoded, doubled, raw]
    }

    /// Knuth-Morris-Pratt's failure function: for each prefix, the length of its longest proper
    /// prefix that is also its suffix.
    private static func failureTable(_ pattern: [UInt8]) -> [Int] {
        var table = [Int](repeating: 0, count: pattern.count)
        var length = 0
        var index = 1
        while index < pattern.count {
            if pattern[index] == pattern[length] {
                length += 1
                table[index] = length
                index += 1
            } else if length > 0 {
                length = table[length - 1]
            } else {
                index += 1
            }
        }
        return table
    }

    /// The end offsets of every occurrence of `pattern` in `text` (overlapping ones included).
    private static func occurrences(of pattern: Pattern, in text: [UInt8]) -> [Int] {
        var ends: [Int] = []
        var matched = 0
        for (index, byte) in text.enumerated() {
            while matched > 0 && pattern.bytes[matched] != byte { matched = pattern.failure[matched - 1] }
            if pattern.bytes[matched] == byte { matched += 1 }
            if matched == pattern.bytes.count {
                ends.append(index + 1)
                matched = pattern.failure[matched - 1]
            }
        }
        return ends
    }
}
