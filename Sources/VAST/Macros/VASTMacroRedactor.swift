/// Hides the values of private macros (identifiers, consent strings, the device's address and user
/// agent) wherever they appear in a text: an expanded URL, an error message, a report line, a whole
/// JSON, XML or HTML output.
///
/// It matches values, not spellings: it undoes the text's escapes layer by layer (percent-encoding in
/// either hex case, `+` for a space, HTML and XML character references, named and numeric, JSON and
/// terminal backslash escapes), looks for each value in every layer, and replaces the bytes of the
/// original text that the occurrence was written with. So a value is found however an encoder wrote it:
/// RFC 3986 as the expander writes it, JavaScript's `encodeURIComponent` (`(`, `)`, `!`, `*`, `'` left
/// as they are), Java's `URLEncoder` and PHP's `urlencode` (`+` for a space, `%7E`), `rawurlencode`,
/// with lowercase hex, encoded again up to ``maximumLayers`` times (a wrapper passing the URL it
/// received on as a parameter), HTML-escaped, JSON-escaped, or several of these mixed. Letters match in
/// either case (ASCII), as some servers rewrite identifiers in upper or lower case. A list value is
/// its items joined with commas, whether the commas are written bare or encoded.
///
/// Each occurrence becomes ``placeholder(for:)`` (`[redacted:IFA]`), which contains no value, no
/// escape and no macro (the expander takes only uppercase names), so redacted text can be shown,
/// logged, escaped for any output or redacted again safely. Occurrences that overlap become one
/// replacement (the placeholders of the values involved, in order). A value is hidden whether or not
/// the context declares its macro withheld or unknown. Values shorter than ``minimumValueLength``
/// bytes as given (`::1`, `0,0`) are not searched for: they identify no one and would match ordinary
/// text. `TIMESTAMP` and `CACHEBUSTING` are never private (they are made fresh for each URI).
///
/// Redact a text before escaping it for an output that cannot carry every character (HTML and JUnit
/// replace control characters with U+FFFD): once a character is lost, the value cannot be found.
///
/// A value, `Sendable`. ``redact(_:)`` makes at most ``maximumLayers`` passes over the text and runs one
/// Knuth-Morris-Pratt search per value and layer, so it is linear in the text's length however hostile
/// the text or the values are.
public struct VASTMacroRedactor: Sendable {
    /// The macros whose values identify a person or carry their consent choices: `IFA`, `DEVICEIP`,
    /// `LATLONG`, `GDPRCONSENT`, `GPPSTRING` and `DEVICEUA`. The default set of private macros.
    public static let identifyingMacros: Set<VASTMacro> = [
        .ifa, .deviceIP, .latLong, .gdprConsent, .gppString, .deviceUA,
    ]

    /// The shortest value searched for, in bytes (4).
    public static let minimumValueLength = 4

    /// How many layers of escapes are undone, at most (6): a value encoded three times inside an
    /// HTML or JSON output still leaves room to spare.
    public static let maximumLayers = 6

    /// A redactor that hides nothing (for `--no-redact` and other local debugging).
    public static let disabled = VASTMacroRedactor(patterns: [])

    /// Each value's forms (as given, and with its own escapes undone), letters in lower case.
    private let patterns: [Pattern]

    private struct Pattern: Sendable {
        var bytes: [UInt8]
        var failure: [Int]
        var macro: VASTMacro
    }

    /// Creates a redactor for the values `context` holds for `privateMacros`.
    /// - Parameters:
    ///   - context: the values the expander writes (a request's, a profile's).
    ///   - privateMacros: the macros to hide; ``identifyingMacros`` by default. A tenant may add more.
    public init(context: VASTMacroContext, privateMacros: Set<VASTMacro> = identifyingMacros) {
        // The macros with a value to hide, in name order; a call without private values sorts nothing.
        var valued: [(macro: VASTMacro, value: String)] = []
        for macro in privateMacros where macro.isIAB && macro != .timestamp && macro != .cacheBusting {
            guard case .items(let items) = context.value(of: macro) else { continue }
            let value = items.joined(separator: ",")
            if value.utf8.count >= Self.minimumValueLength { valued.append((macro, value)) }
        }
        valued.sort { $0.macro.rawValue < $1.macro.rawValue }
        var seen: Set<[UInt8]> = []
        var patterns: [Pattern] = []
        for (macro, value) in valued {
            // A value that holds escapes itself (`a%2Cb`) is found in the layers where the text's
            // escapes and its own are undone alike.
            var form: UnescapedText? = UnescapedText(Array(value.utf8))
            var layer = 0
            while let current = form, layer <= Self.maximumLayers {
                let bytes = current.bytes.map(Self.folded)
                if bytes.count >= Self.minimumValueLength, seen.insert(bytes).inserted {
                    patterns.append(Pattern(bytes: bytes, failure: Self.failureTable(bytes), macro: macro))
                }
                form = current.unescaped()
                layer += 1
            }
        }
        self.init(patterns: patterns)
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

    /// The text with every occurrence of a private value replaced by its placeholder.
    ///
    /// The text around an occurrence is kept byte for byte; an occurrence written with escapes is
    /// replaced with its escapes (`%252F` and `&amp;` included).
    /// - Parameter text: any text: a URL, a message, a whole report in any output format.
    /// - Returns: the text with each occurrence replaced; `text` itself when nothing was found.
    public func redact(_ text: String) -> String {
        guard !patterns.isEmpty, !text.isEmpty else { return text }
        let input = Array(text.utf8)
        var found: [(range: Range<Int>, pattern: Int)] = []
        var layer: UnescapedText? = UnescapedText(input)
        var depth = 0
        while let current = layer {
            for (index, pattern) in patterns.enumerated() {
                for end in Self.occurrences(of: pattern, in: current.bytes) {
                    found.append((current.originalRange(of: (end - pattern.bytes.count)..<end), index))
                }
            }
            layer = depth < Self.maximumLayers ? current.unescaped() : nil
            depth += 1
        }
        guard !found.isEmpty else { return text }
        found.sort { ($0.range.lowerBound, $1.range.upperBound) < ($1.range.lowerBound, $0.range.upperBound) }
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        var copied = 0
        var next = 0
        while next < found.count {
            var range = found[next].range
            var macros = [patterns[found[next].pattern].macro]
            next += 1
            // Occurrences that overlap this one (from another layer or another value) join it.
            while next < found.count, found[next].range.lowerBound < range.upperBound {
                if found[next].range.upperBound > range.upperBound {
                    range = range.lowerBound..<found[next].range.upperBound
                    let macro = patterns[found[next].pattern].macro
                    if !macros.contains(macro) { macros.append(macro) }
                }
                next += 1
            }
            output.append(contentsOf: input[copied..<range.lowerBound])
            for macro in macros { output.append(contentsOf: Self.placeholder(for: macro).utf8) }
            copied = range.upperBound
        }
        output.append(contentsOf: input[copied...])
        return String(decoding: output, as: UTF8.self)
    }

    /// An ASCII letter in lower case; any other byte as it is.
    private static func folded(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
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

    /// The end offsets of every occurrence of `pattern` in `text`, letters compared in either case
    /// (overlapping occurrences included).
    private static func occurrences(of pattern: Pattern, in text: [UInt8]) -> [Int] {
        var ends: [Int] = []
        var matched = 0
        for (index, byte) in text.enumerated() {
            let byte = folded(byte)
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
