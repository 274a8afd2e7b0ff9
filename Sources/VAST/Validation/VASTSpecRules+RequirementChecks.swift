/// The rows of ``VASTSpecRules/requirements`` as plain data, laid out for the parser's checks at
/// every start and end tag: reading a ``VASTSpecRules/Requirement`` copies its three strings
/// (a retain and a release each), while these rows hold only enums, numbers and the name's bytes.
/// The strings are read from the full row only when a finding is made.
extension VASTSpecRules {
    struct RequirementCheck: Sendable {
        /// The row's position in ``VASTSpecRules/requirements``.
        let row: Int
        let since: VASTVersion
        let until: VASTVersion
        let level: Requirement.Level
        /// The required child (child rows).
        let child: VASTElement?
        /// The attribute's name (attribute rows, at most 16 ASCII bytes), zero-padded, and its length.
        let name: (UInt64, UInt64)
        let nameLength: Int

        func applies(to version: VASTVersion) -> Bool { since <= version && version <= until }
    }

    /// Every check, grouped by element and context; see ``requiredAttributeSpans``.
    static let requiredAttributeChecks: [RequirementCheck] = checks(.attribute).rows
    /// Where the attribute checks of an element are in ``requiredAttributeChecks``: index
    /// `element.rawValue * 2` in an InLine (or outside any ad), `+ 1` in a Wrapper.
    static let requiredAttributeSpans: [Range<Int>] = checks(.attribute).spans
    /// The child checks, laid out as ``requiredAttributeChecks``.
    static let requiredChildChecks: [RequirementCheck] = checks(.child).rows
    /// Where the child checks of an element are in ``requiredChildChecks``.
    static let requiredChildSpans: [Range<Int>] = checks(.child).spans

    private static func checks(_ kind: Requirement.Kind) -> (rows: [RequirementCheck], spans: [Range<Int>]) {
        var rows: [RequirementCheck] = []
        var spans: [Range<Int>] = []
        for element in VASTElement.allCases {
            for context in [Requirement.Context.inLine, .wrapper] {
                let start = rows.count
                for (index, requirement) in requirements.enumerated()
                where requirement.kind == kind && requirement.element == element
                    && (requirement.context == .any || requirement.context == context)
                {
                    rows.append(check(requirement, row: index))
                }
                spans.append(start..<rows.count)
            }
        }
        return (rows, spans)
    }

    private static func check(_ requirement: Requirement, row: Int) -> RequirementCheck {
        var words: (UInt64, UInt64) = (0, 0)
        let bytes = Array(requirement.name.utf8)
        if requirement.kind == .attribute {
            precondition(bytes.count <= 16, "an attribute name in the requirement table is over 16 bytes")
            withUnsafeMutableBytes(of: &words) { raw in
                for (offset, byte) in bytes.enumerated() { raw[offset] = byte }
            }
        }
        return RequirementCheck(
            row: row, since: requirement.since, until: requirement.until, level: requirement.level,
            child: requirement.child, name: words, nameLength: bytes.count)
    }
}
