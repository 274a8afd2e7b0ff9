import AdErrors
import LifecycleFixtures
import VAST

/// What replaying one fixture file gave: a result (passed or failed), or the error that stopped it
/// from running (unreadable, malformed, unusable ad).
enum ReplayOutcome {
    case ran(FixtureResult)
    case error(file: String, FixtureError)

    /// True for a fixture that ran and passed (`--quiet` prints nothing for it).
    var passed: Bool {
        if case .ran(let result) = self { return result.passed }
        return false
    }

    /// `{"name","file","passed","steps","failure":{"step","summary","input","diff"}?}` for a run,
    /// `{"file","error":{"code","path","message"}}` for a fixture that could not run.
    var json: JSON {
        switch self {
        case .ran(let result):
            var members: [(String, JSON)] = [
                ("name", .string(result.name)),
                ("file", .string(result.file)),
                ("passed", .bool(result.passed)),
                ("steps", .int(result.trace.count)),
            ]
            if let failure = result.failure {
                members.append(
                    (
                        "failure",
                        .object([
                            ("step", failure.step.map { .int($0) } ?? .null),
                            ("summary", .string(failure.summary)),
                            ("input", .string(failure.input)),
                            ("diff", .array(failure.diff.map { .string($0) })),
                            ("report", .string(failure.report)),
                        ])
                    ))
            }
            return .object(members)
        case .error(let file, let error):
            return .object([
                ("file", .string(file)),
                (
                    "error",
                    .object([
                        ("code", .string(error.code.description)),
                        ("path", .string(error.path)),
                        ("message", .string(error.message)),
                    ])
                ),
            ])
        }
    }
}

/// Totals over a replay.
struct ReplaySummary {
    let fixtures: Int
    let passed: Int
    let failed: Int
    let unreadable: Int

    init(_ outcomes: [ReplayOutcome]) {
        fixtures = outcomes.count
        var passed = 0
        var failed = 0
        var unreadable = 0
        for outcome in outcomes {
            switch outcome {
            case .ran(let result): if result.passed { passed += 1 } else { failed += 1 }
            case .error: unreadable += 1
            }
        }
        (self.passed, self.failed, self.unreadable) = (passed, failed, unreadable)
    }

    var json: JSON {
        .object([
            ("fixtures", .int(fixtures)), ("passed", .int(passed)), ("failed", .int(failed)),
            ("unreadable", .int(unreadable)),
        ])
    }
}

/// The people-facing replay output: `PASS name`, `FAIL name` with the runner's report indented, or
/// `ERROR file` with the typed error; then a summary line.
struct ReplayPrinter {
    let color: Bool

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func render(_ outcome: ReplayOutcome) -> String {
        switch outcome {
        case .ran(let result):
            let name = Terminal.escape(result.name)
            guard let failure = result.failure else { return paint("PASS", "32") + " \(name)\n" }
            var text =
                paint("FAIL", "31") + " \(name)" + (result.file.isEmpty ? "" : "  (\(Terminal.escape(result.file)))")
                + "\n"
            for raw in failure.report.split(separator: "\n", omittingEmptySubsequences: false) {
                let line = Terminal.escape(String(raw))
                let painted: String
                if line.hasPrefix("- ") {
                    painted = paint(String(line), "31")
                } else if line.hasPrefix("+ ") {
                    painted = paint(String(line), "32")
                } else {
                    painted = String(line)
                }
                text += "    " + painted + "\n"
            }
            return text
        case .error(let file, let error):
            var text = paint("ERROR", "35") + " \(Terminal.escape(file))\n"
            let location = error.path.isEmpty ? "" : "\(error.path): "
            text += "    \(error.code): " + Terminal.escape("\(location)\(error.message)") + "\n"
            return text
        }
    }

    func render(_ summary: ReplaySummary) -> String {
        var text = "\(summary.fixtures) fixture\(summary.fixtures == 1 ? "" : "s"): \(summary.passed) passed, "
        text += "\(summary.failed) failed"
        if summary.unreadable > 0 { text += ", \(summary.unreadable) could not run" }
        return text + "\n"
    }
}
