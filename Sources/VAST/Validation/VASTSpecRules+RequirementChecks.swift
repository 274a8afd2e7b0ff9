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

    /// Two passes over ``VASTSpecRules/requirements``: the first counts the rows of `kind` in each
    /// element's slot per context, which places the slots end to end; the second, from the table's
    /// end, writes each row just before the rows of its slot already written, so every slot keeps
    /// table order. (This runs before the first document of a process is parsed, so it is part of
    /// every one-document run: it makes two arrays, not one per element and context.)
    private static func checks(_ kind: Requirement.Kind) -> (rows: [RequirementCheck], spans: [Range<Int>]) {
        let slotCount = VASTElement.allCases.count * 2
        var ends = [Int](repeating: 0, count: slotCount)
        var rows: [RequirementCheck] = []
        requirements.withUnsafeBufferPointer { table in
            for requirement in table where requirement.kind == kind {
                let slot = Int(requirement.element.rawValue) * 2
                if requirement.context != .wrapper { ends[slot] += 1 }
                if requirement.context != .inLine { ends[slot + 1] += 1 }
            }
            for slot in 1..<slotCount { ends[slot] += ends[slot - 1] }
            // Every placeholder is overwritten: the counts and the writes see the same rows.
            let placeholder = RequirementCheck(
                row: -1, since: .v2_0, until: .v2_0, level: .schema, child: nil, name: (0, 0), nameLength: 0)
            rows = [RequirementCheck](repeating: placeholder, count: ends.last ?? 0)
            var next = ends
            for index in table.indices.reversed() where table[index].kind == kind {
                let slot = Int(table[index].element.rawValue) * 2
                let row = check(table[index], row: index)
                if table[index].context != .inLine {
                    next[slot + 1] -= 1
                    rows[next[slot + 1]] = row
                }
                if table[index].context != .wrapper {
                    next[slot] -= 1
                    rows[next[slot]] = row
                }
            }
        }
        let spans = (0..<slotCount).map { slot in (slot == 0 ? 0 : ends[slot - 1])..<ends[slot] }
        return (rows, spans)
    }

    private static func check(_ requirement: Requirement, row: Int) -> RequirementCheck {
        var words: (UInt64, UInt64) = (0, 0)
        let length = requirement.name.utf8.count
        if requirement.kind == .attribute {
            precondition(length <= 16, "an attribute name in the requirement table is over 16 bytes")
            withUnsafeMutableBytes(of: &words) { raw in
                for (offset, byte) in requirement.name.utf8.enumerated() { raw[offset] = byte }
            }
        }
        return RequirementCheck(
            row: row, since: requirement.since, until: requirement.until, level: requirement.level,
            child: requirement.child, name: words, nameLength: length)
    }
}
