/// The macros of some templates resolved and percent-encoded once from one ``VASTMacroContext``, for
/// ``VASTMacroTemplate/expand(context:usage:values:)``: a long value (a user agent, a consent
/// string) is then encoded once, not once per URI.
///
/// Only for macros whose value cannot change between the expansions that share it: never
/// `[TIMESTAMP]` or `[CACHEBUSTING]`, which are read from the clock and the random source on every
/// expansion (they are always left out), nor a macro the caller sets per expansion (pass those as
/// `excluding`).
public struct VASTMacroValues: Sendable, Hashable {
    /// By position in ``VASTMacro/all``: the encoded value, or why the macro stays as written;
    /// `nil` for a macro left to each expansion.
    let encoded: [Result<[UInt8], ExpansionRun.LeftInPlace>?]

    /// Resolves and encodes, from `context`, every IAB macro that appears in `templates`, except
    /// `[TIMESTAMP]`, `[CACHEBUSTING]` and `excluding`.
    public init(
        context: VASTMacroContext, templates: some Sequence<VASTMacroTemplate>, excluding: Set<VASTMacro> = []
    ) {
        var skipped = [Bool](repeating: false, count: VASTMacro.all.count)
        for macro in excluding {
            if let index = macro.iabIndex { skipped[index] = true }
        }
        for macro in [VASTMacro.timestamp, .cacheBusting] {
            if let index = macro.iabIndex { skipped[index] = true }
        }
        var encoded = [Result<[UInt8], ExpansionRun.LeftInPlace>?](repeating: nil, count: VASTMacro.all.count)
        for template in templates {
            for part in template.parts {
                guard let slot = part.slot, let index = slot.iabIndex, !skipped[index], encoded[index] == nil
                else { continue }
                encoded[index] = ExpansionRun.encode(context.resolve(slot.macro))
            }
        }
        self.encoded = encoded
    }

    /// The macros encoded ahead of time, in the IAB table's order.
    public var macros: [VASTMacro] { VASTMacro.all.indices.filter { encoded[$0] != nil }.map { VASTMacro.all[$0] } }
}
