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
    static let requiredAttributeChecks: [RequirementCheck] = attributeTable.rows
    /// Where the attribute checks of an element are in ``requiredAttributeChecks``: index
    /// `element.rawValue * 2` in an InLine (or outside any ad), `+ 1` in a Wrapper.
    static let requiredAttributeSpans: [Range<Int>] = attributeTable.spans
    /// The child checks, laid out as ``requiredAttributeChecks``.
    static let requiredChildChecks: [RequirementCheck] = childTable.rows
    /// Where the child checks of an element are in ``requiredChildChecks``.
    static let requiredChildSpans: [Range<Int>] = childTable.spans

    private static let attributeTable = checks(.attribute)
    private static let childTable = checks(.child)

    /// One pass over ``VASTSpecRules/requirements``: each row of `kind` goes to the slot of its
    /// element in each context it applies to, in table order; the slots are then laid end to end.
    /// (This runs before the first document of a process is parsed, so it is part of every
    /// one-document run: it reads each row once rather than once per element and context.)
    private static func checks(_ kind: Requirement.Kind) -> (rows: [RequirementCheck], spans: [Range<Int>]) {
        var slots = [[RequirementCheck]](repeating: [], count: VASTElement.allCases.count * 2)
        requirements.withUnsafeBufferPointer { table in
            for index in table.indices where table[index].kind == kind {
                let slot = Int(table[index].element.rawValue) * 2
                let context = table[index].context
                let row = check(table[index], row: index)
                if context != .wrapper { slots[slot].append(row) }
                if context != .inLine { slots[slot + 1].append(row) }
            }
        }
        var rows: [RequirementCheck] = []
        var spans: [Range<Int>] = []
        spans.reserveCapacity(slots.count)
        for slot in slots {
            spans.append(rows.count..<rows.count + slot.count)
            rows.append(contentsOf: slot)
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
