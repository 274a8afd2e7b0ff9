import AdResolution
import VAST

/// One row of the batch page's table: `{"index","source","verdict","reasons"}`, where the verdict is
/// `valid`, `invalid` or `unreadable` and the reasons are what made it so (the read or parse error, the
/// chain's failure, then the error findings as `rule: message`).
struct BatchRow {
    let index: Int
    let report: DocumentReport

    /// The most findings named in the reasons.
    static let maxReasons = 5

    var json: JSON {
        .object([
            ("index", .int(index)), ("source", .string(report.source)), ("verdict", .string(verdict)),
            ("reasons", .array(reasons.map(JSON.string))),
        ])
    }

    private var verdict: String {
        if report.readError != nil { return "unreadable" }
        return report.isValid ? "valid" : "invalid"
    }

    private var reasons: [String] {
        var reasons: [String] = []
        if let readError = report.readError { reasons.append(readError) }
        if let documentError = report.documentError { reasons.append(documentError.message) }
        if let failure = report.chainFailure { reasons.append(failure.message) }
        let failing = report.findings.filter { $0.severity == .error || (report.strict && $0.severity == .warning) }
        reasons += failing.prefix(Self.maxReasons).map { "\($0.rule): \($0.message)" }
        return reasons
    }
}
