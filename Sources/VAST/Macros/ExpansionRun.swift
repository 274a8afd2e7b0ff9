/// The state of one ``VASTMacroExpander/expand(_:context:usage:)`` or
/// ``VASTMacroTemplate/expand(context:usage:)`` call: the output so far, the values already
/// encoded, and the findings merged by kind and name.
///
/// The context is passed to each ``expand(_:isIAB:written:known:context:)``, not kept: keeping it
/// copied it (a retain of each of its strings, lists and closures, and their releases) for every
/// URI expanded.
struct ExpansionRun {
    let usage: VASTMacroUsage
    var output: [UInt8] = []
    var replacements = 0
    var findings: [VASTMacroFinding] = []

    /// Encoded values by macro, or the reason when the macro stays as written; computed on first use
    /// so the clock and random source are read at most once. A list searched in order: a URI holds a
    /// handful of macros, and comparing short names costs less than hashing them.
    private var encoded: [(macro: VASTMacro, value: Result<[UInt8], LeftInPlace>)] = []
    private var findingIndex: [FindingKey: Int] = [:]

    /// Why a macro stays as written.
    struct LeftInPlace: Error, Hashable { var kind: VASTMacroFinding.Kind }

    private struct FindingKey: Hashable {
        var kind: VASTMacroFinding.Kind
        var macro: VASTMacro
    }

    init(usage: VASTMacroUsage, capacity: Int) {
        self.usage = usage
        output.reserveCapacity(capacity + capacity / 4)
    }

    /// Appends the token's replacement, or the token as written with a finding saying why.
    mutating func expand(_ token: MacroToken, in input: [UInt8], context: VASTMacroContext) {
        let macro = VASTMacro(rawValue: String(decoding: input[token.name], as: UTF8.self))
        expand(macro, isIAB: macro.isIAB, written: input[token.start..<token.end], known: nil, context: context)
    }

    /// Appends the replacement of `macro`, or `written` (the token as it appears in the URI) with a
    /// finding saying why. `known` is its value encoded ahead of time from this same `context`, if any.
    mutating func expand(
        _ macro: VASTMacro, isIAB: Bool, written: ArraySlice<UInt8>, known: Result<[UInt8], LeftInPlace>?,
        context: VASTMacroContext
    ) {
        let result: Result<[UInt8], LeftInPlace>
        if !isIAB {
            result = .failure(LeftInPlace(kind: .unknownMacro))
        } else if !usage.allows(macro) {
            result = .failure(LeftInPlace(kind: .notAllowedHere))
        } else if let known {
            result = known
        } else if let cached = encoded.first(where: { $0.macro == macro }) {
            result = cached.value
        } else {
            result = Self.encode(context.resolve(macro))
            encoded.append((macro, result))
        }
        switch result {
        case .success(let bytes) where output.count + bytes.count <= VASTMacroExpander.maximumExpandedBytes:
            output.append(contentsOf: bytes)
            replacements += 1
            if macro.isDeprecated { note(.deprecated, macro) }
        case .success:
            output.append(contentsOf: written)
            note(.outputLimitReached, macro)
        case .failure(let left):
            output.append(contentsOf: written)
            note(left.kind, macro)
        }
    }

    static func encode(_ resolution: VASTMacroContext.Resolution) -> Result<[UInt8], LeftInPlace> {
        switch resolution {
        case .items(let items): return .success(VASTMacroFormatting.encodedList(items))
        case .withheld: return .success(Array("-2".utf8))
        case .unknown: return .success(Array("-1".utf8))
        case .notFilled: return .failure(LeftInPlace(kind: .notFilled))
        case .invalid: return .failure(LeftInPlace(kind: .invalidValue))
        }
    }

    private mutating func note(_ kind: VASTMacroFinding.Kind, _ macro: VASTMacro) {
        let key = FindingKey(kind: kind, macro: macro)
        if let index = findingIndex[key] {
            findings[index].occurrences += 1
            return
        }
        findingIndex[key] = findings.count
        findings.append(VASTMacroFinding(kind: kind, macro: macro, message: message(kind, macro)))
    }

    private func message(_ kind: VASTMacroFinding.Kind, _ macro: VASTMacro) -> String {
        switch kind {
        case .unknownMacro:
            return "\(macro) is not an IAB macro and was left as written; check its spelling with the ad server"
        case .notAllowedHere:
            return "\(macro) is expanded only in \(Self.home(of: macro)), not in \(usage); it was left as written"
        case .notFilled:
            return "the context has no value for \(macro) and does not declare it unknown (-1) or withheld (-2); "
                + "it was left as written"
        case .invalidValue:
            return "the context's value for \(macro) cannot be written (out of range); it was left as written"
        case .outputLimitReached:
            return "the expanded URI would pass \(VASTMacroExpander.maximumExpandedBytes) bytes; "
                + "\(macro) was left as written"
        case .deprecated:
            return "\(macro) is deprecated since VAST 4.1; the ad server should use \(VASTMacro.mediaPlayhead)"
        }
    }

    private static func home(of macro: VASTMacro) -> String {
        switch macro {
        case .errorCode: return "Error URIs"
        case .reason: return "verificationNotExecuted tracking URIs"
        default: return "click-tracking URIs"
        }
    }
}
