/// Replaces the IAB macros in a URI, in each spelling players meet: `[NAME]` (VAST 4.x section 6.1),
/// `%5BNAME%5D` (the same percent-encoded, hex in either case, which the XSD's `anyURI` asks for) and
/// the legacy `%%NAME%%` of ad servers. All three are expanded alike, with the same value and encoding.
///
/// Guarantees:
/// - Linear in the URI's length: one pass over its bytes, each macro's value computed and encoded at
///   most once per call; substituted values are never scanned again, so a value that contains
///   `[CACHEBUSTING]` is written literally (encoded), not expanded.
/// - Bounded: the result is at most ``maximumExpandedBytes`` plus the input's length; past the limit the
///   remaining macros are left as written and reported.
/// - Never traps on malformed input: a `[`, `]]`, `%5B`, `%%` or `%%%` that does not enclose a macro name
///   (an uppercase letter, then up to 63 uppercase letters, digits or underscores) closed by the same
///   spelling (`]`, `%5D` or `%%`) is ordinary text. `[[A]]` holds the macro `[A]` between a literal `[`
///   and `]`; `%5BA]` and `[A%5D` hold none.
/// - Pure and thread-safe: it reads the context's clock and random source at most once each.
///
/// Values are percent-encoded per RFC 3986 (unreserved `A-Z a-z 0-9 - . _ ~` kept, every other UTF-8
/// byte written `%XX` in uppercase hex); a list is its items, each encoded, joined with bare commas.
/// Which macros are filled, written `-1` or `-2`, or left as written is decided by ``VASTMacroContext``.
public enum VASTMacroExpander {
    /// The size past which the expander stops substituting: 8 MiB, far above any URI a server accepts.
    public static let maximumExpandedBytes = 8 * 1024 * 1024

    /// The longest name taken for a macro; longer bracketed text is ordinary text.
    static let maximumNameLength = 64

    /// Expands the macros in `url`.
    /// - Parameters:
    ///   - url: the URI as written in the document (trimmed, macros unexpanded).
    ///   - context: the values, declarations, clock and random source.
    ///   - usage: where the URI is used, which decides whether `[ERRORCODE]`, `[REASON]` and
    ///     `[CLICKPOS]` may be expanded.
    /// - Returns: the expanded URI, how many macros were replaced, and what was left as written.
    public static func expand(
        _ url: String, context: VASTMacroContext, usage: VASTMacroUsage
    ) -> VASTMacroExpansion {
        // Only `[` and `%` can open a macro: a URI with neither is its own expansion, and costs no copy.
        guard url.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "%") }) else {
            return VASTMacroExpansion(url: url, replacements: 0, findings: [])
        }
        let input = Array(url.utf8)
        var run = ExpansionRun(usage: usage, capacity: input.count)
        let tail = MacroToken.forEach(in: input) { literal, token in
            run.output.append(contentsOf: input[literal])
            run.expand(token, in: input, context: context)
        }
        run.output.append(contentsOf: input[tail...])
        return VASTMacroExpansion(
            url: String(decoding: run.output, as: UTF8.self), replacements: run.replacements, findings: run.findings)
    }

    /// `url` with every IAB macro, in any of its spellings, replaced by `placeholder` and everything else
    /// as written: for a validator that judges a URL as the value it will become.
    package static func replacingIABMacros(in url: String, with placeholder: String) -> String {
        guard url.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "%") }) else { return url }
        let input = Array(url.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(input.count)
        let tail = MacroToken.forEach(in: input) { literal, token in
            output.append(contentsOf: input[literal])
            if VASTMacro(rawValue: String(decoding: input[token.name], as: UTF8.self)).isIAB {
                output.append(contentsOf: placeholder.utf8)
            } else {
                output.append(contentsOf: input[token.start..<token.end])
            }
        }
        output.append(contentsOf: input[tail...])
        return String(decoding: output, as: UTF8.self)
    }
}

/// One `[NAME]`, `%5BNAME%5D` or `%%NAME%%` occurrence, as byte offsets into the URI.
struct MacroToken {
    /// Calls `body` with every token of `input` in order, each with the literal bytes before it, and returns
    /// where the literal after the last token starts. Only `[` and `%` can open a macro: other bytes are
    /// skipped without reading a token, so the scan is linear.
    static func forEach(in input: [UInt8], _ body: (_ literal: Range<Int>, _ token: MacroToken) -> Void) -> Int {
        var index = 0
        var copied = 0
        while index < input.count {
            guard input[index] == UInt8(ascii: "[") || input[index] == UInt8(ascii: "%"),
                let token = MacroToken(in: input, at: index)
            else {
                index += 1
                continue
            }
            body(copied..<index, token)
            index = token.end
            copied = index
        }
        return copied
    }

    /// The first byte of the opening delimiter.
    var start: Int
    /// The name's bytes.
    var name: Range<Int>
    /// Just past the closing delimiter.
    var end: Int

    /// Reads a token starting at `index`, or `nil` when the bytes there do not form one. Looks at no more
    /// than ``VASTMacroExpander/maximumNameLength`` + 6 bytes, which keeps the scan linear.
    init?(in input: [UInt8], at index: Int) {
        let spelling: Spelling
        if input[index] == UInt8(ascii: "[") {
            spelling = .brackets
        } else if Self.isEncodedBracket(input, at: index, UInt8(ascii: "B")) {
            spelling = .encodedBrackets
        } else if input[index] == UInt8(ascii: "%"), index + 1 < input.count, input[index + 1] == UInt8(ascii: "%") {
            spelling = .percents
        } else {
            return nil
        }
        let nameStart = index + spelling.delimiterLength
        var nameEnd = nameStart
        while nameEnd < input.count, nameEnd - nameStart <= VASTMacroExpander.maximumNameLength,
            Self.isNameByte(input[nameEnd], first: nameEnd == nameStart)
        {
            nameEnd += 1
        }
        guard nameEnd > nameStart, nameEnd - nameStart <= VASTMacroExpander.maximumNameLength else { return nil }
        switch spelling {
        case .brackets:
            guard nameEnd < input.count, input[nameEnd] == UInt8(ascii: "]") else { return nil }
        case .encodedBrackets:
            guard Self.isEncodedBracket(input, at: nameEnd, UInt8(ascii: "D")) else { return nil }
        case .percents:
            guard nameEnd + 1 < input.count, input[nameEnd] == UInt8(ascii: "%"),
                input[nameEnd + 1] == UInt8(ascii: "%")
            else { return nil }
        }
        start = index
        name = nameStart..<nameEnd
        end = nameEnd + spelling.delimiterLength
    }

    /// How a macro's name is delimited; the closing delimiter is spelled as the opening one.
    private enum Spelling {
        case brackets, encodedBrackets, percents

        var delimiterLength: Int {
            switch self {
            case .brackets: 1
            case .encodedBrackets: 3
            case .percents: 2
            }
        }
    }

    /// True for `%5B` (`letter` `B`) or `%5D` (`D`) at `index`, the letter in either case.
    private static func isEncodedBracket(_ input: [UInt8], at index: Int, _ letter: UInt8) -> Bool {
        index + 2 < input.count && input[index] == UInt8(ascii: "%") && input[index + 1] == UInt8(ascii: "5")
            && input[index + 2] | 0x20 == letter | 0x20
    }

    /// An uppercase ASCII letter; after the first byte also a digit or `_`. Lowercase is left out on
    /// purpose: `a[index]=1` is common query syntax, not a macro.
    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { return true }
        if first { return false }
        return (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}
