/// Totals over a run.
import VAST
struct Summary: Sendable {
    private(set) var documents = 0
    private(set) var valid = 0
    /// Every document that is not valid, the unreadable ones included.
    private(set) var invalid = 0
    private(set) var unreadable = 0

    init(_ reports: [DocumentReport]) {
        for report in reports { add(report) }
    }

    mutating func add(_ report: DocumentReport) {
        documents += 1
        if report.isValid { valid += 1 } else { invalid += 1 }
        if report.readError != nil { unreadable += 1 }
    }

    var json: JSON {
        .object([
            ("documents", .int(documents)), ("valid", .int(valid)), ("invalid", .int(invalid)),
            ("unreadable", .int(unreadable)),
        ])
    }
}
