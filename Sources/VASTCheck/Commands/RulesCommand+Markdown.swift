import FoundationEssentials
import VAST

extension RulesCommand {
    /// `--markdown`.
    static let markdownOption = Option(
        "--markdown", help: "Write the catalogue as Markdown tables (the page docs/rules.md is made of).")

    /// The catalogue page: the families, then the finer checks, one table row a rule, every cell from the
    /// rule's data. `Tools/docs` writes it to docs/rules.md and a test keeps that file equal to it.
    static func markdown(_ rules: [VASTRule]) -> String {
        var page = """
            # Validation rules

            Made by `vastcheck rules --markdown` from the validator's catalogue (`VASTRuleCatalog.all`);
            `Tools/docs` writes this file and a test fails when it is not what the catalogue says. A finding's
            `rule` is a family; `subrule`, where there is one, a finer check. A document is valid when no
            finding is an `error` (with `--strict`, no `warning` either). Categories: `content` (the ad
            itself), `tolerance` (messy input accepted the way players accept it), `schema` (what only the
            IAB XSD cares about). `Section` is the section of the IAB VAST 4.3 text the rule enforces.


            """
        let families = rules.filter { $0.parent == nil }
        let checks = rules.filter { $0.parent != nil }
        page += table("Families (\(families.count))", families)
        if !checks.isEmpty { page += "\n" + table("Finer checks (\(checks.count))", checks) }
        return page
    }

    private static func table(_ title: String, _ rules: [VASTRule]) -> String {
        var text =
            "## \(title)\n\n| rule | severity | category | VAST | section | code | what it checks | bad | good |\n"
        text += "|---|---|---|---|---|---|---|---|---|\n"
        for rule in rules {
            let cells = [
                "`\(rule.id)`", rule.severity.rawValue, rule.category.rawValue,
                "\(rule.versions.lowerBound.rawValue)–\(rule.versions.upperBound.rawValue)",
                rule.section ?? "engine limit", rule.vastErrorCode.map { String($0.rawValue) } ?? "",
                cell(HTML.escape(rule.summary)), code(rule.badExample), code(rule.goodExample),
            ]
            text += "| " + cells.joined(separator: " | ") + " |\n"
        }
        return text
    }

    private static func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|").replacing("\n", with: " ")
    }

    private static func code(_ text: String) -> String {
        text.isEmpty ? "" : "<code>" + cell(HTML.escape(text)) + "</code>"
    }
}
