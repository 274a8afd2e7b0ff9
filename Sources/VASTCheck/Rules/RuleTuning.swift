import VAST

/// What a team changed about the rules: ids whose findings are dropped, and ids whose findings are
/// reported at another severity. An id is a family (`url.invalid`) or a finer check
/// (`required-attribute.MediaFile.delivery`); for a finding, its finer id's decision wins over its
/// family's. Decisions come from a `.vastcheck.json` and then from `--disable` / `--severity`, the
/// later replacing the earlier for the same id (flags over the file).
struct RuleTuning: Sendable, Equatable {
    /// One id's decision.
    enum Decision: Sendable, Equatable {
        case disabled
        case severity(VASTFinding.Severity)
    }

    /// By rule id.
    private(set) var decisions: [String: Decision] = [:]
    /// Warnings fail too (`--strict`, or `"strict": true` in the file).
    var strict = false

    /// Sets `decision` for `id`, replacing an earlier one.
    /// - Throws: a message naming the id when no rule has it, with the nearest one as a hint.
    mutating func set(_ id: String, _ decision: Decision) throws(RuleTuningError) {
        guard VASTRuleCatalog.rule(id: id) != nil else { throw RuleTuningError.unknownRule(id) }
        decisions[id] = decision
    }

    /// `other`'s decisions over this one's (`strict` if either says so).
    func overridden(by other: RuleTuning) -> RuleTuning {
        var merged = self
        merged.decisions.merge(other.decisions) { _, later in later }
        merged.strict = strict || other.strict
        return merged
    }

    /// The findings as tuned: disabled ones dropped, re-graded ones with their new severity, in order.
    func apply(_ findings: [VASTFinding]) -> [VASTFinding] {
        guard !decisions.isEmpty else { return findings }
        return findings.compactMap { finding in
            var tuned = finding
            for id in [finding.subrule, finding.rule].compactMap(\.self) {
                switch decisions[id] {
                case .disabled?: return nil
                case .severity(let level)?:
                    tuned.severity = level
                    return tuned
                case nil: continue
                }
            }
            return tuned
        }
    }

    /// Reads a `--severity` value: `RULE=LEVEL`.
    static func severityAssignment(_ text: String) throws(RuleTuningError) -> (String, VASTFinding.Severity) {
        guard let equals = text.lastIndex(of: "=") else { throw RuleTuningError.badAssignment(text) }
        let id = String(text[..<equals])
        let level = String(text[text.index(after: equals)...])
        guard let severity = VASTFinding.Severity(rawValue: level.lowercased()) else {
            throw RuleTuningError.badLevel(id, level)
        }
        return (id, severity)
    }
}

/// Why a rule setting could not be used.
enum RuleTuningError: Error, Equatable {
    case unknownRule(String)
    case badAssignment(String)
    case badLevel(String, String)

    var message: String {
        switch self {
        case .unknownRule(let id):
            "no rule has the id \"\(id)\" (vastcheck rules lists them)"
        case .badAssignment(let text):
            "--severity takes RULE=LEVEL (for example time.lenient=error), not \"\(text)\""
        case .badLevel(let id, let level):
            "the severity of \(id) is error, warning or info, not \"\(level)\""
        }
    }

    /// The nearest rule id to an unknown one, when one is close.
    var hint: String? {
        guard case .unknownRule(let id) = self else { return nil }
        let lowered = id.lowercased()
        if let exact = VASTRuleCatalog.all.first(where: { $0.id.lowercased() == lowered }) {
            return "did you mean \(exact.id)?"
        }
        let prefixed = VASTRuleCatalog.all.filter {
            $0.parent == nil && (lowered.hasPrefix($0.id + ".") || $0.id.hasPrefix(lowered))
        }
        return prefixed.first.map { "did you mean \($0.id)?" }
    }
}
