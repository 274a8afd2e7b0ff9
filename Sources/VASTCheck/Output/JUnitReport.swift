import AdErrors
import AdResolution
import FoundationEssentials
import VAST

/// `--format junit`: JUnit XML for CI systems. One `<testcase>` per document, named by its
/// source, in input order; a document that is not valid has a `<failure>` (its findings as
/// the text), an unreadable one an `<error>`.
///
/// ```xml
/// <?xml version="1.0" encoding="UTF-8"?>
/// <testsuites name="vastcheck" tests="3" failures="1" errors="1" time="0.412">
///   <testsuite name="vastcheck" tests="3" failures="1" errors="1" skipped="0" time="0.412">
///     <testcase name="tags/a.xml" classname="vastcheck.validate" time="0.002"/>
///     <testcase name="https://..." classname="vastcheck.validate" time="0.311">
///       <failure message="VAST error 301: ..." type="chainError">...</failure>
///     </testcase>
///     ...
/// ```
enum JUnitReport {
    /// One rendered `<testcase>` element (indented, ending with a newline), with `redactor`'s values
    /// hidden in every text before it is escaped.
    static func testCase(_ report: DocumentReport, seconds: Double, redactor: VASTMacroRedactor) -> String {
        func escaped(_ text: String, attribute: Bool = true) -> String {
            escape(redactor.redact(text), attribute: attribute)
        }
        var text =
            "    <testcase name=\"\(escaped(report.source))\" classname=\"vastcheck.validate\" time=\"\(time(seconds))\""
        let outcome = report.outcome
        guard outcome != .valid else { return text + "/>\n" }
        let element = outcome == .unreadable ? "error" : "failure"
        let body = HumanReport(color: false, verbose: false).render(report)
        text += ">\n      <\(element) message=\"\(escaped(message(report)))\" type=\"\(outcome.rawValue)\">"
        text += escaped(body, attribute: false)
        text += "</\(element)>\n    </testcase>\n"
        return text
    }

    /// The whole document around the test cases (already in order).
    static func document(_ testCases: [String], summary: BatchSummary, seconds: Double) -> String {
        let totals = summary.totals
        let counts =
            "tests=\"\(totals.documents)\" failures=\"\(totals.invalid - totals.unreadable)\" "
            + "errors=\"\(totals.unreadable)\""
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text += "<testsuites name=\"vastcheck\" \(counts) time=\"\(time(seconds))\">\n"
        text += "  <testsuite name=\"vastcheck\" \(counts) skipped=\"0\" time=\"\(time(seconds))\">\n"
        for testCase in testCases { text += testCase }
        text += "  </testsuite>\n</testsuites>\n"
        return text
    }

    /// The failure's one-line reason.
    static func message(_ report: DocumentReport) -> String {
        if let readError = report.readError { return "unreadable: \(readError)" }
        if let error = report.documentError { return "VAST error \(error.code.rawValue): \(error.message)" }
        if let code = report.errorCode {
            return "VAST error \(code.rawValue): \(report.resolution?.failure?.message ?? "the chain failed")"
        }
        if let failure = report.chainFailure { return failure.message }
        let failing = report.findings.filter { $0.severity == .error || (report.strict && $0.severity == .warning) }
        guard let first = failing.first else { return "invalid" }
        let count = "\(failing.count) \(failing.count == 1 ? "finding" : "findings")"
        return "\(count); first: \(first.rule) at \(first.location): \(first.message)"
    }

    private static func time(_ seconds: Double) -> String { max(0, seconds).fixed(3) }

    /// `text` for an attribute value (`attribute`) or element content, through the project's one XML
    /// escaper; characters XML 1.0 cannot hold become U+FFFD, since a report must be written whatever
    /// a document held (which is why private values are hidden before, not after).
    static func escape(_ text: String, attribute: Bool = true) -> String {
        XMLEscaping.escaped(XMLEscaping.replacingUnrepresentable(text), in: attribute ? .attribute : .text)
    }
}
