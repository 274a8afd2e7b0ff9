/// The outcome of running one fixture: passed, or the first failure with a readable diff, plus the
/// trace of every step run (up to and including the failing one).
public struct FixtureResult: Sendable, Hashable, CustomStringConvertible {
    /// The fixture's name.
    public var name: String
    /// The fixture's file (empty when read from memory).
    public var file: String
    /// The first failure, or `nil` when every expectation held.
    public var failure: FixtureFailure?
    /// What each step did, in order.
    public var trace: [StepTrace]

    /// True when every expectation held.
    public var passed: Bool { failure == nil }

    /// `PASS name (n steps)`, or `FAIL name` followed by the failure's report.
    public var description: String {
        guard let failure else { return "PASS \(name) (\(trace.count) steps)" }
        return "FAIL \(name)" + (file.isEmpty ? "" : " (\(file))") + "\n" + failure.report
    }
}

/// Where and how a fixture failed.
public struct FixtureFailure: Sendable, Hashable {
    /// The failing step's index (0-based), or `nil` for the final `expectPhase` / `expectState`.
    public var step: Int?
    /// One line saying what went wrong (`outputs differ`, `phase differs`).
    public var summary: String
    /// The step's input, as the fixture writes it (empty for the final checks).
    public var input: String
    /// The comparison, one line each: `  ` both, `- ` expected only, `+ ` actual only.
    public var diff: [String]

    /// The full text: where, what, and the diff.
    public var report: String {
        var lines: [String] = []
        if let step { lines.append("step \(step): \(input)") } else { lines.append("after the last step") }
        lines.append(summary + " (- expected, + actual):")
        lines += diff
        return lines.joined(separator: "\n")
    }
}

/// What one step did: the phases around it and the outcome.
public struct StepTrace: Sendable, Hashable {
    /// The step's index (0-based).
    public var index: Int
    /// The step's time, in milliseconds after the start.
    public var at: Int
    /// The input.
    public var input: FixtureInput
    /// The phase before the input.
    public var phaseBefore: String
    /// The phase after the input.
    public var phaseAfter: String
    /// What the lifecycle did.
    public var outcome: StepOutcome
}
