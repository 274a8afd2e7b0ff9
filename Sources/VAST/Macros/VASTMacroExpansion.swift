/// The result of expanding the macros of one URI.
public struct VASTMacroExpansion: Sendable, Hashable {
    /// The URI with every expandable macro replaced, delimiters included.
    public var url: String
    /// How many macro occurrences were replaced (by a value, `-1` or `-2`).
    public var replacements: Int
    /// What was left as written, or expanded with a caveat, one entry per kind and name in order of
    /// first appearance.
    public var findings: [VASTMacroFinding]

    /// Creates an expansion result.
    public init(url: String, replacements: Int, findings: [VASTMacroFinding]) {
        self.url = url
        self.replacements = replacements
        self.findings = findings
    }

    /// True when no macro-like name was left in the URI.
    public var isComplete: Bool { findings.allSatisfy { !$0.kind.leavesMacroInPlace } }
}

/// One thing the expander noticed about a URI's macros.
public struct VASTMacroFinding: Sendable, Hashable, CustomStringConvertible {
    /// What happened to the macro.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A `[NAME]` that is not in the IAB table: left as written.
        case unknownMacro = "unknown-macro"
        /// An IAB macro tied to another kind of URI (`[ERRORCODE]` outside Error URIs, for example):
        /// left as written.
        case notAllowedHere = "not-allowed-here"
        /// An IAB macro with no value and no `-1`/`-2` declaration in the context: left as written.
        case notFilled = "not-filled"
        /// A value that cannot be written (a coordinate out of range): left as written.
        case invalidValue = "invalid-value"
        /// The expanded URI reached ``VASTMacroExpander/maximumExpandedBytes``: the rest of the macros
        /// were left as written.
        case outputLimitReached = "output-limit-reached"
        /// A deprecated macro (`[CONTENTPLAYHEAD]`): expanded, but worth replacing.
        case deprecated

        /// True for the kinds that leave the macro in the URI.
        public var leavesMacroInPlace: Bool { self != .deprecated }
    }

    /// What happened.
    public var kind: Kind
    /// The macro as named in the URI.
    public var macro: VASTMacro
    /// How many times it happened in the URI.
    public var occurrences: Int
    /// What happened and what to do, for a person.
    public var message: String

    /// Creates a finding.
    public init(kind: Kind, macro: VASTMacro, occurrences: Int = 1, message: String) {
        self.kind = kind
        self.macro = macro
        self.occurrences = occurrences
        self.message = message
    }

    public var description: String {
        "\(kind.rawValue) \(macro)" + (occurrences > 1 ? " (\(occurrences) times)" : "") + ": \(message)"
    }
}
