import AdResolution
import VAST

/// The people-facing output of `validate`: for each document a line with its verdict and why
/// (the VAST error code and its name, the failing hop and the reason), then its findings as
/// `FILE:LINE:COL: severity: message [rule-id]` lines that editors and CI annotate, then a summary.
///
/// Everything taken from outside (names, URLs, messages quoting the document) is shown through
/// ``Terminal/escape(_:)``.
struct HumanReport {
    let color: Bool
    let verbose: Bool
    /// With `--quiet`: documents that pass print nothing.
    var quiet = false

    private func paint(_ text: String, _ code: String) -> String {
        color ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }

    private func safe(_ text: String) -> String { Terminal.escape(text) }

    func render(_ report: DocumentReport) -> String {
        if quiet && report.isValid { return "" }
        let source = safe(report.source)
        if let readError = report.readError {
            return paint("?", "35") + " \(source)  unreadable: \(safe(readError))\n"
        }
        if let error = report.documentError {
            var text =
                paint("✗", "31") + " \(source)  " + paint("invalid", "31") + "  " + paint(error.code.named, "31") + "\n"
            var place = source + ":"
            if let line = error.line { place += "\(line):" + (error.column.map { "\($0):" } ?? "") }
            text += "\(place) \(label(.error)): \(safe(error.message)) [hop.document]\n"
            return text
        }
        var text = headline(report, source: source)
        text += why(report)
        if verbose, let resolution = report.resolution { text += chain(resolution) }
        for finding in report.findings where verbose || finding.severity != .info {
            text += diagnostic(finding, in: report)
        }
        return text
    }

    /// `✓ SOURCE  VAST 4.2  valid  (2 hops; 1 ad, ...)`, or with the error code and its name when invalid.
    private func headline(_ report: DocumentReport, source: String) -> String {
        let mark = report.isValid ? paint("✓", "32") : paint("✗", "31")
        var text = "\(mark) \(source)  VAST \(safe(report.playedVersion ?? "?"))  "
        text += report.isValid ? "valid" : paint("invalid", "31")
        if let label = report.verdictLabel { text += "  " + paint(label, "31") }
        let counts = report.playedCounts
        var described = ""
        if let resolution = report.resolution {
            described = plural(resolution.hops.count, "hop") + "; "
            if resolution.ads.isEmpty { described += "no ad" }
        }
        if report.resolution?.ads.isEmpty != true {
            described += "\(plural(counts.ads, "ad")), \(plural(counts.creatives, "creative")), "
            described +=
                "\(plural(counts.mediaFiles, "media file")), \(plural(counts.trackingEvents, "tracking event")), "
            described += plural(counts.impressions, "impression")
        }
        return text + "  (\(described))\n"
    }

    /// Why a chain failed, or which ads of it will not play: `    why: hop 1 URL (HTTP 404, 3 ms): REASON`.
    private func why(_ report: DocumentReport) -> String {
        guard let resolution = report.resolution else { return "" }
        if resolution.ads.isEmpty, let failure = resolution.failure {
            return "    why: " + hopText(failure.hop, in: resolution) + ": \(safe(failure.message))\n"
        }
        return resolution.failedAds.map { failed in
            let id = failed.ad.id.map { " \"\(safe($0))\"" } ?? ""
            return
                "    why: ad\(id) at hop \(failed.hop) \(failed.location) will not play, \(failed.failure.named): "
                + hopText(failed.failure.hop, in: resolution) + ": \(safe(failed.failure.message))\n"
        }.joined()
    }

    /// `hop 1 URL (HTTP 404, 3 ms)`, `hop 3 URL (not fetched)`, `hop 1 URL (no response, 300 ms)`.
    private func hopText(_ index: Int, in resolution: VASTResolution) -> String {
        guard resolution.hops.indices.contains(index) else { return "hop \(index)" }
        let hop = resolution.hops[index]
        let ms = "\(Int(hop.milliseconds.rounded())) ms"
        let status: String
        if let code = hop.status {
            status = "HTTP \(code), \(ms)"
        } else if hop.milliseconds > 0 || hop.bytes > 0 {
            status = hop.bytes > 0 ? "read, \(ms)" : "no response, \(ms)"
        } else {
            status = hop.kind == .error ? "not fetched" : "read"
        }
        return "hop \(index) \(safe(hop.url)) (\(status))"
    }

    /// With `--verbose`: `    hop 0  wrapper  200  12 ms  3216 bytes  URL` for every hop.
    private func chain(_ resolution: VASTResolution) -> String {
        resolution.hops.map { hop in
            var line = "    hop \(hop.index)  \(hop.kind.rawValue)  \(hop.status.map(String.init) ?? "-")  "
            line += "\(Int(hop.milliseconds.rounded())) ms  \(plural(hop.bytes, "byte"))  \(safe(hop.url))"
            if let code = hop.errorCode { line += "  (error \(code.rawValue): \(safe(hop.outcome)))" }
            return line + "\n"
        }.joined()
    }

    /// `FILE:LINE:COL: severity: message (at PATH) [rule-id]`; for a hop of a chain, the hop's URL
    /// (or file) and `hop N` in the parentheses; without a line, `FILE: severity: ...`.
    private func diagnostic(_ finding: VASTFinding, in report: DocumentReport) -> String {
        var place = report.source
        var path = finding.location
        var hop: Int?
        if report.resolution != nil, finding.location.hasPrefix("hop "),
            let colon = finding.location.firstIndex(of: ":"),
            let index = Int(finding.location[finding.location.index(finding.location.startIndex, offsetBy: 4)..<colon])
        {
            hop = index
            path = String(finding.location[finding.location.index(after: colon)...].drop { $0 == " " })
        }
        if let hop, path.hasPrefix("/"), let hops = report.resolution?.hops, hops.indices.contains(hop) {
            place = hops[hop].url
        }
        var text = safe(place) + ":"
        if let line = finding.line, path.hasPrefix("/") {
            text += "\(line):" + (finding.column.map { "\($0):" } ?? "")
        }
        text += " \(label(finding.severity)): \(safe(finding.message))"
        var context: [String] = []
        if let hop, hop > 0 || report.resolution?.hops.first?.url != report.source { context.append("hop \(hop)") }
        if path.hasPrefix("/") {
            context.append("at \(safe(path))")
        } else if hop != nil, path != place {
            context.append(safe(path))
        }
        if !context.isEmpty { text += " (" + context.joined(separator: ", ") + ")" }
        return text + " [\(finding.subrule ?? finding.rule)]\n"
    }

    private func label(_ severity: VASTFinding.Severity) -> String {
        switch severity {
        case .error: paint("error", "31")
        case .warning: paint("warning", "33")
        case .info: paint("info", "2")
        }
    }

    func render(_ summary: Summary) -> String {
        var text = "\(plural(summary.documents, "document")): \(summary.valid) valid, \(summary.invalid) invalid"
        if summary.unreadable > 0 { text += " (\(summary.unreadable) unreadable)" }
        return text + "\n"
    }

    /// The batch breakdown, before the summary line (only printed for more than one document):
    /// outcomes, IAB error codes with their names, the rules that failed documents, and the slowest hops.
    func render(breakdown summary: BatchSummary) -> String {
        var text =
            "outcomes: "
            + DocumentOutcome.allCases.compactMap { outcome in
                summary.outcomes[outcome].map { "\($0) \(outcome.label)" }
            }.joined(separator: ", ") + "\n"
        if !summary.errorCodes.isEmpty {
            text +=
                "VAST error codes:\n"
                + summary.errorCodes.keys.sorted().map { code in
                    let count = String(summary.errorCodes[code] ?? 0)
                    let name = VASTErrorCode(rawValue: code).meaning.map { " \($0)" } ?? ""
                    return String(repeating: " ", count: max(0, 8 - count.count)) + count + " × \(code)\(name)\n"
                }.joined()
        }
        if !summary.rules.isEmpty {
            text +=
                "rules that failed documents:\n"
                + summary.rulesByCount.map { rule, count in
                    String(repeating: " ", count: max(0, 8 - String(count).count)) + "\(count) × \(rule)\n"
                }.joined()
        }
        if !summary.slowestHops.isEmpty {
            text += "slowest hops:\n"
            for hop in summary.slowestHops {
                let ms = String(Int(hop.milliseconds.rounded()))
                text += String(repeating: " ", count: max(0, 8 - ms.count)) + ms + " ms  " + safe(hop.url)
                text += hop.source == hop.url ? "\n" : "  (\(safe(hop.source)))\n"
            }
        }
        return text
    }

    private func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }
}
