import VAST

/// What `validate` writes, by format.
enum OutputFormat: String, Sendable, CaseIterable {
    /// A line per document and its findings, in input order, then the summary.
    case human
    /// One JSON document, written at the end: `documents` in input order, `summary`, `breakdown`.
    case json
    /// One line per document as each finishes (completion order), then a last line with
    /// `summary` and `breakdown`.
    case jsonl
    /// JUnit XML, written at the end (test cases in input order).
    case junit
    /// SARIF 2.1.0, written at the end: one run, a result per finding (and per document that could
    /// not be read as VAST or whose chain failed), in input order.
    case sarif

    /// The formats of a command that writes text or one JSON document.
    static let textOrJSON: [OutputFormat] = [.human, .json]
}

/// Turns finished documents into output text for one format.
///
/// `jsonl` keeps nothing: each document is written and dropped. `human` writes each document
/// as soon as every earlier one is written (so the order is the input's whatever the jobs), and
/// holds only the rendered lines of those that finished early. `json`, `junit` and `sarif` need
/// every document before the end, and hold each one's JSON value, rendered test case or results.
struct BatchOutput {
    let format: OutputFormat
    let printer: HumanReport
    /// Hidden in JUnit's texts before they are escaped (the other formats escape losslessly, and the
    /// console hides values in what they write).
    let redactor: VASTMacroRedactor
    private var pendingLines: [Int: String] = [:]
    private var nextLine = 0
    private var documents: [(index: Int, json: JSON)] = []
    private var testCases: [(index: Int, xml: String)] = []
    private var sarif = SARIFReport()

    init(format: OutputFormat, printer: HumanReport, redactor: VASTMacroRedactor) {
        self.format = format
        self.printer = printer
        self.redactor = redactor
    }

    /// The text to write now for the document at `index` (possibly empty), `seconds` after it started.
    mutating func add(_ report: DocumentReport, index: Int, seconds: Double) -> String {
        switch format {
        case .jsonl:
            return report.json.serialized() + "\n"
        case .json:
            documents.append((index, report.json))
            return ""
        case .junit:
            testCases.append((index, JUnitReport.testCase(report, seconds: seconds, redactor: redactor)))
            return ""
        case .sarif:
            sarif.add(report, index: index)
            return ""
        case .human:
            pendingLines[index] = printer.render(report)
            var text = ""
            while let line = pendingLines.removeValue(forKey: nextLine) {
                text += line
                nextLine += 1
            }
            return text
        }
    }

    /// The text that ends the output.
    func finish(_ summary: BatchSummary, seconds: Double) -> String {
        switch format {
        case .jsonl:
            return JSON.object([("summary", summary.totals.json), ("breakdown", summary.breakdownJSON)]).serialized()
                + "\n"
        case .json:
            return JSON.object([
                ("documents", .array(documents.sorted { $0.index < $1.index }.map(\.json))),
                ("summary", summary.totals.json),
                ("breakdown", summary.breakdownJSON),
            ]).pretty() + "\n"
        case .junit:
            return JUnitReport.document(
                testCases.sorted { $0.index < $1.index }.map(\.xml), summary: summary, seconds: seconds)
        case .sarif:
            return sarif.document.pretty() + "\n"
        case .human:
            var text = ""
            // String by String, not `joined()`: the stdlib's generic entry costs a one-document run a type lookup.
            for index in pendingLines.keys.sorted() { text.append(pendingLines[index] ?? "") }
            if summary.totals.documents > 1 { text += printer.render(breakdown: summary) }
            return text + printer.render(summary.totals)
        }
    }
}
