import Testing

@testable import VAST

/// The parser's requirement tables, built in one pass at the first parse of a process, against the
/// plain reading of ``VASTSpecRules/requirements``: for each element and context, the rows of one kind
/// that name the element and apply in the context (or in any), in table order.
@Suite struct RequirementCheckTableTests {
    @Test(arguments: [VASTSpecRules.Requirement.Kind.attribute, .child])
    func eachSlotHoldsTheRowsThatApplyInTableOrder(kind: VASTSpecRules.Requirement.Kind) {
        let (checks, spans) =
            kind == .attribute
            ? (VASTSpecRules.requiredAttributeChecks, VASTSpecRules.requiredAttributeSpans)
            : (VASTSpecRules.requiredChildChecks, VASTSpecRules.requiredChildSpans)
        #expect(spans.count == VASTElement.allCases.count * 2)
        var covered = 0
        for element in VASTElement.allCases {
            for (offset, context) in [VASTSpecRules.Requirement.Context.inLine, .wrapper].enumerated() {
                let expected = VASTSpecRules.requirements.indices.filter { index in
                    let row = VASTSpecRules.requirements[index]
                    return row.kind == kind && row.element == element
                        && (row.context == .any || row.context == context)
                }
                let span = spans[Int(element.rawValue) * 2 + offset]
                #expect(span.lowerBound == covered, "\(element) \(context) starts where the last slot ended")
                covered = span.upperBound
                #expect(checks[span].map(\.row) == expected, "\(element) in \(context)")
                for check in checks[span] {
                    let row = VASTSpecRules.requirements[check.row]
                    #expect(check.since == row.since && check.until == row.until && check.level == row.level)
                    #expect(check.nameLength == row.name.utf8.count && check.child == row.child)
                }
            }
        }
        #expect(covered == checks.count)
        #expect(checks.count > 10, "the \(kind) table is not empty")
    }
}
