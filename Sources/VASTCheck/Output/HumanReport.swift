import VAST

/// The people-facing output: a line per document, then its findings, then a summary.
struct HumanReport {
    let color: Bool
    let verbose: Bool

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    func render(_ report: DocumentReport) -> String {
        var text = ""
        if let readError = report.readError {
            return paint("?", "35") + " \(report.source)  unreadable: \(readError)\n"
        }
        if let error = report.documentError {
            text += paint("✗", "31") + " \(report.source)  " + paint("error \(error.code.rawValue)", "31")
            text += ": \(error.message)"
            if let line = error.line { text += " (line \(line)\(error.column.map { ", column \($0)" } ?? ""))" }
            return text + "\n"
        }
        let mark = report.isValid ? paint("✓", "32") : paint("✗", "31")
        let counts = report.counts
        text += "\(mark) \(report.source)  VAST \(report.vastVersion ?? "?")  "
        text += report.isValid ? "valid" : paint("invalid", "31")
        text += "  (\(plural(counts.ads, "ad")), \(plural(counts.creatives, "creative")), "
        text += "\(plural(counts.mediaFiles, "media file")), \(plural(counts.trackingEvents, "tracking event")), "
        text += "\(plural(counts.impressions, "impression")))\n"
        for finding in report.findings where verbose || finding.severity != .info {
            let label: String
            switch finding.severity {
            case .error: label = paint("error  ", "31")
            case .warning: label = paint("warning", "33")
            case .info: label = paint("info   ", "2")
            }
            text += "    \(label) \(finding.rule)  \(finding.location)"
            if let line = finding.line { text += ":\(line)" }
            text += "  \(finding.message)\n"
        }
        return text
    }

    func render(_ summary: Summary) -> String {
        var text = "\(plural(summary.documents, "document")): \(summary.valid) valid, \(summary.invalid) invalid"
        if summary.unreadable > 0 { text += " (\(summary.unreadable) unreadable)" }
        return text + "\n"
    }

    /// The batch breakdown, before the summary line (only printed for more than one document):
    /// outcomes, IAB error codes, and the slowest hops.
    func render(breakdown summary: BatchSummary) -> String {
        var text = "outcomes: " + DocumentOutcome.allCases.compactMap { outcome in
            summary.outcomes[outcome].map { "\($0) \(outcome.label)" }
        }.joined(separator: ", ") + "\n"
        if !summary.errorCodes.isEmpty {
            text += "VAST error codes: " + summary.errorCodes.keys.sorted().map { code in
                "\(code) ×\(summary.errorCodes[code] ?? 0)"
            }.joined(separator: ", ") + "\n"
        }
        if !summary.slowestHops.isEmpty {
            text += "slowest hops:\n"
            for hop in summary.slowestHops {
                let ms = String(Int(hop.milliseconds.rounded()))
                text += String(repeating: " ", count: max(0, 8 - ms.count)) + ms + " ms  " + hop.url
                text += hop.source == hop.url ? "\n" : "  (\(hop.source))\n"
            }
        }
        return text
    }

    private func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
