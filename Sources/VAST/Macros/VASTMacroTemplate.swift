/// A URI split once into its literal text and its macros, for expanding many times.
///
/// ``expand(context:usage:values:)`` gives exactly what ``VASTMacroExpander/expand(_:context:usage:)``
/// gives for the same URI, context and usage (the same bytes, replacements and findings): the split
/// only saves finding the macros and naming them on every expansion, and ``VASTMacroValues`` saves
/// resolving and encoding the macros that do not change between expansions.
public struct VASTMacroTemplate: Sendable, Hashable {
    /// One run of literal bytes, then at most one macro.
    struct Part: Sendable, Hashable {
        var literal: Range<Int>
        var slot: Slot?
    }

    /// A macro occurrence: its name, its position in ``VASTMacro/all`` (`nil` for a name outside
    /// the IAB table), and its bytes as written.
    struct Slot: Sendable, Hashable {
        var macro: VASTMacro
        var iabIndex: Int?
        var written: Range<Int>
    }

    /// The URI as written.
    public let uri: String
    /// The URI's bytes, when it has a macro (empty otherwise: it expands to itself).
    private let bytes: [UInt8]
    /// The URI's runs of literal text, each with the macro after it (none after the last); empty when
    /// the URI has no macro.
    let parts: [Part]

    /// Splits `uri` into literal text and macros, by the rules of ``VASTMacroExpander``.
    public init(_ uri: String) {
        self.uri = uri
        // A URI without a `[` or `%` has no macro (many pixels have none): no copy, no parts.
        guard uri.utf8.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "%") }) else {
            (bytes, parts) = ([], [])
            return
        }
        let input = Array(uri.utf8)
        var parts: [Part] = []
        // At most one part per `[` or `%`, and the last one: sized once, not grown slot by slot.
        parts.reserveCapacity(input.reduce(1) { $1 == UInt8(ascii: "[") || $1 == UInt8(ascii: "%") ? $0 + 1 : $0 })
        let tail = MacroToken.forEach(in: input) { literal, token in
            let macro = VASTMacro(rawValue: String(decoding: input[token.name], as: UTF8.self))
            parts.append(
                Part(
                    literal: literal,
                    slot: Slot(macro: macro, iabIndex: macro.iabIndex, written: token.start..<token.end)))
        }
        guard !parts.isEmpty else {
            (bytes, self.parts) = ([], [])
            return
        }
        parts.append(Part(literal: tail..<input.count, slot: nil))
        bytes = input
        self.parts = parts
    }

    /// The macros of the URI, in order, once for each time they appear.
    public var macros: [VASTMacro] { parts.compactMap { $0.slot?.macro } }

    /// Expands the macros, as ``VASTMacroExpander/expand(_:context:usage:)`` does.
    /// - Parameters:
    ///   - context: the values, declarations, clock and random source.
    ///   - usage: where the URI is used.
    ///   - values: macros encoded ahead of time from this same `context` (the others are resolved
    ///     from `context` as usual).
    /// - Returns: the expanded URI, how many macros were replaced, and what was left as written.
    public func expand(
        context: VASTMacroContext, usage: VASTMacroUsage, values: VASTMacroValues? = nil
    ) -> VASTMacroExpansion {
        guard parts.count > 1 else { return VASTMacroExpansion(url: uri, replacements: 0, findings: []) }
        var run = ExpansionRun(usage: usage, capacity: bytes.count)
        for part in parts {
            run.output.append(contentsOf: bytes[part.literal])
            if let slot = part.slot {
                run.expand(
                    slot.macro, isIAB: slot.iabIndex != nil, written: bytes[slot.written],
                    known: slot.iabIndex.flatMap { values?.encoded[$0] }, context: context)
            }
        }
        return VASTMacroExpansion(
            url: String(decoding: run.output, as: UTF8.self), replacements: run.replacements, findings: run.findings)
    }
}
