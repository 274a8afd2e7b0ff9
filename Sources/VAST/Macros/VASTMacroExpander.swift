/// Replaces the IAB macros in a URI, in both the `[NAME]` and the `%%NAME%%` form.
///
/// Guarantees:
/// - Linear in the URI's length: one pass over its bytes, each macro's value computed and encoded at
///   most once per call; substituted values are never scanned again, so a value that contains
///   `[CACHEBUSTING]` is written literally (encoded), not expanded.
/// - Bounded: the result is at most ``maximumExpandedBytes`` plus the input's length; past the limit the
///   remaining macros are left as written and reported.
/// - Never traps on malformed input: a `[`, `]]`, `%%` or `%%%` that does not enclose a macro name
///   (an uppercase letter, then up to 63 uppercase letters, digits or underscores) is ordinary text.
///   `[[A]]` holds the macro `[A]` between a literal `[` and `]`.
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
}

/// One `[NAME]` or `%%NAME%%` occurrence, as byte offsets into the URI.
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
    /// than ``VASTMacroExpander/maximumNameLength`` + 4 bytes, which keeps the scan linear.
    init?(in input: [UInt8], at index: Int) {
        let percent = UInt8(ascii: "%")
        let nameStart: Int
        if input[index] == UInt8(ascii: "[") {
            nameStart = index + 1
        } else if input[index] == percent, index + 1 < input.count, input[index + 1] == percent {
            nameStart = index + 2
        } else {
            return nil
        }
        var nameEnd = nameStart
        while nameEnd < input.count, nameEnd - nameStart <= VASTMacroExpander.maximumNameLength,
            Self.isNameByte(input[nameEnd], first: nameEnd == nameStart)
        {
            nameEnd += 1
        }
        guard nameEnd > nameStart, nameEnd - nameStart <= VASTMacroExpander.maximumNameLength else { return nil }
        if nameStart == index + 1 {
            guard nameEnd < input.count, input[nameEnd] == UInt8(ascii: "]") else { return nil }
            end = nameEnd + 1
        } else {
            guard nameEnd + 1 < input.count, input[nameEnd] == percent, input[nameEnd + 1] == percent else {
                return nil
            }
            end = nameEnd + 2
        }
        start = index
        name = nameStart..<nameEnd
    }

    /// An uppercase ASCII letter; after the first byte also a digit or `_`. Lowercase is left out on
    /// purpose: `a[index]=1` is common query syntax, not a macro.
    private static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { return true }
        if first { return false }
        return (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "_")
    }
}
