import VAST

/// `vastcheck rules [--json] [RULE...]`: every rule a finding can name, from ``VASTRuleCatalog``: its
/// id, severity, the VAST versions it checks, the IAB section it enforces, one bad and one good example.
/// These ids are what `--disable`, `--severity` and `.vastcheck.json` take.
struct RulesCommand: Command {
    static let name = "rules"
    static let options: [Option] = [.json, .format(OutputFormat.textOrJSON), markdownOption, .output]

    /// The rules asked for: all, or those named (a family with its finer checks).
    let rules: [VASTRule]
    let json: Bool
    /// `--markdown`: the catalogue as the page `docs/rules.md` is made of.
    let markdown: Bool

    init(_ arguments: Arguments) throws(UsageError) {
        json = try arguments.format(OutputFormat.textOrJSON) == .json
        markdown = arguments.flags.contains(Self.markdownOption.name)
        if json && markdown { throw UsageError("--markdown and --json are two formats; choose one") }
        var chosen: [VASTRule] = []
        for id in arguments.positional {
            guard let rule = VASTRuleCatalog.rule(id: id) else {
                let error = RuleTuningError.unknownRule(id)
                throw UsageError(error.message, hint: error.hint)
            }
            chosen += [rule] + VASTRuleCatalog.checks(of: rule.id)
        }
        var seen = Set<String>()
        rules = (arguments.positional.isEmpty ? VASTRuleCatalog.all : chosen).filter { seen.insert($0.id).inserted }
    }

    func run(_ console: Console) async -> ExitCode {
        if json {
            console.out(JSON.object([("rules", .array(rules.map(Self.json)))]).pretty() + "\n")
        } else if markdown {
            console.out(Self.markdown(rules))
        } else {
            console.out(rules.map(Self.text).joined(separator: "\n"))
        }
        return .success
    }

    /// `{"id","family"?,"severity","category","versions":{"from","to"},"section"?,"vastErrorCode"?,"origin",
    /// "summary","bad","good"}`.
    static func json(_ rule: VASTRule) -> JSON {
        var members: [(String, JSON)] = [("id", .string(rule.id))]
        if let parent = rule.parent { members.append(("family", .string(parent))) }
        members += [
            ("severity", .string(rule.severity.rawValue)),
            ("category", .string(rule.category.rawValue)),
            (
                "versions",
                .object([
                    ("from", .string(rule.versions.lowerBound.rawValue)),
                    ("to", .string(rule.versions.upperBound.rawValue)),
                ])
            ),
        ]
        if let section = rule.section { members.append(("section", .string(section))) }
        if let code = rule.vastErrorCode { members.append(("vastErrorCode", .int(code.rawValue))) }
        members += [
            ("origin", .string(rule.origin.rawValue)),
            ("summary", .string(rule.summary)),
            ("bad", .string(rule.badExample)),
            ("good", .string(rule.goodExample)),
        ]
        return .object(members)
    }

    /// `url.invalid  error  content  VAST 2.0-4.3  IAB 3.4.4  code 101`, the summary, then the examples.
    static func text(_ rule: VASTRule) -> String {
        var head = "\(rule.id)  \(rule.severity.rawValue)  \(rule.category.rawValue)  "
        head += "VAST \(rule.versions.lowerBound.rawValue)-\(rule.versions.upperBound.rawValue)"
        head += rule.section.map { "  IAB \($0)" } ?? "  (engine limit)"
        if let code = rule.vastErrorCode { head += "  \(code.named)" }
        return head + "\n    \(rule.summary)\n    bad:  \(rule.badExample)\n    good: \(rule.goodExample)\n"
    }
}

extension RulesCommand {
    static let helpText = CommandHelp(
        positional: "[RULE...]",
        summary: """
            Lists every rule a finding can name, from the validator's own catalogue: the id, the
            severity its findings have, its category, the VAST versions it checks, the section of the
            IAB VAST 4.3 text it enforces (and the VAST error code its errors carry), what it checks,
            and one document snippet that breaks it and one that does not. Families come first (the
            "rule" of a finding), then the finer checks (its "subrule", such as
            required-attribute.MediaFile.delivery). Every finding's line ends with its id in brackets.
            """,
        arguments: """
              RULE         Show only this rule and its finer checks (a family or a finer id).
            """,
        notes: """
            RULE SETTINGS (validate and report): --disable RULE drops a rule's findings, --severity
            RULE=LEVEL reports them as error, warning or info, --strict counts warnings as failures. A
            family id applies to all its finer checks; a finer id's setting wins over its family's. A
            team can keep its settings in a .vastcheck.json, looked for in the current folder and then
            each folder above it (the nearest wins; --config FILE names one instead):

              {"disable": ["schema.namespace", "url.macro-unencoded"],
               "severity": {"time.lenient": "error", "required-attribute.MediaFile.delivery": "warning"},
               "strict": false}

            Every member is optional; an unknown member, rule id or level is an error (exit 2). Flags win
            over the file: a --disable or --severity for an id replaces what the file says about that
            id, and --strict (or "strict": true in either) makes warnings fail.
            """,
        examples: [
            "vastcheck rules",
            "vastcheck rules required-attribute",
            "vastcheck rules --json | jq -r '.rules[] | select(.severity == \"error\") | .id'",
            "vastcheck validate --disable schema.namespace --severity time.lenient=error tag.xml",
        ],
        exitCodes: "0 listed, 64 usage error (an unknown RULE).")
}
