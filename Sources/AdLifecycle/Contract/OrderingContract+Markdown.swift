extension OrderingContract {
    /// ORDERING.md: the decisions, then for each lifecycle its phases with their legal next phases and
    /// its transition table.
    public static func markdown() -> String {
        var text = """
            # AdLifecycle ordering contract

            Generated from `OrderingContract` and the lifecycles' transition tables; `OrderingContractTests`
            fails when this file and the data differ. Regenerate with
            `UPDATE_ORDERING_DOC=1 swift test --filter OrderingContractTests`.

            ## Decisions

            | id | scope | situation | decision |
            |---|---|---|---|

            """
        for rule in rules {
            text += "| `\(rule.id)` | \(rule.scope) | \(rule.situation) | \(rule.decision) |\n"
        }
        text += section("Unit (`UnitLifecycle`)", UnitLifecycle.contract)
        text += section("Video (`VideoLifecycle`)", VideoLifecycle.contract)
        text += section("MRAID (`MRAIDLifecycle`)", MRAIDLifecycle.contract)
        return text
    }

    private static func section<P, I, C>(_ title: String, _ table: TransitionTable<P, I, C>) -> String {
        var text = "\n## \(title)\n\nLegal next phases:\n\n"
        for phase in P.allCases {
            let next = table.legalNextPhases(from: phase).map { "`\($0.rawValue)`" }
            text += "- `\(phase.rawValue)`: " + (next.isEmpty ? "none (terminal)" : next.joined(separator: ", ")) + "\n"
        }
        text += "\nWhat each input does in each phase (\"stays\": handled, same phase):\n\n"
        return text + table.markdown() + "\n"
    }
}
