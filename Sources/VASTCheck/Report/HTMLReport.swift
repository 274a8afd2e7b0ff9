import AdEngine
import AdResolution
import VAST

/// Everything the HTML report shows about one source.
struct ReportPage {
    /// The source's findings, validity and error code, with its chain attached.
    var report: DocumentReport
    /// The resolved ads (empty when there is none).
    var ads: [ResolvedAd]
    /// A beacon timeline per ad.
    var timelines: [ReportTimeline]

    var resolution: VASTResolution? { report.resolution }
    var beaconCount: Int { timelines.reduce(0) { $0 + $1.beacons.count } }
}

/// Renders a ``ReportPage`` as one self-contained HTML page: inline CSS and SVG, no script, no
/// external resource (a Content-Security-Policy forbids loading any), every value escaped; URLs appear
/// only as text.
struct HTMLReport {
    let page: ReportPage
    /// Every value goes through it: private values hidden, then escaped.
    let escape: HTMLEscaper

    var html: String {
        var html = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
            <meta name="viewport" content="width=device-width, initial-scale=1">
            <title>VAST report: \(escape(page.report.source))</title>
            <style>
            \(Self.css)
            </style>
            </head>
            <body>

            """
        html += header
        html += chain
        html += findings
        html += timelines
        html += tracking
        html += """
            <footer>Written by vastcheck \(escape(VASTCheck.version)). URLs are shown as text and were not \
            loaded by this page; error pixels were not sent.</footer>
            </body>
            </html>

            """
        return html
    }

    // MARK: Sections

    private var header: String {
        let report = page.report
        var html = "<header>\n<h1>VAST report</h1>\n"
        html += "<p class=\"source\">\(escape(report.source))</p>\n<div class=\"facts\">"
        html +=
            report.isValid ? "<span class=\"badge valid\">valid</span>" : "<span class=\"badge invalid\">invalid</span>"
        html +=
            page.ads.isEmpty
            ? "<span class=\"badge noad\">no ad</span>"
            : "<span class=\"badge hasad\">\(plural(page.ads.count, "ad")) to play</span>"
        html += "<dl>"
        html += fact("VAST version", report.playedVersion ?? "?")
        html += fact(
            "error code",
            report.reportedErrorCode.map { code in
                String(code.rawValue) + (code.meaning.map { " (\($0))" } ?? "")
            } ?? report.chainFailure.map { "none: \($0.named)" } ?? "none")
        html += fact("hops", String(page.resolution?.hops.count ?? 0))
        let counts = Dictionary(grouping: report.findings, by: \.severity).mapValues(\.count)
        html += fact(
            "findings",
            "\(plural(counts[.error] ?? 0, "error")), \(plural(counts[.warning] ?? 0, "warning")), "
                + "\(counts[.info] ?? 0) info")
        html += fact("beacons simulated", String(page.beaconCount))
        html += "</dl></div>\n"
        if let error = report.documentError {
            var text = "The document could not be read as VAST (error \(error.code.rawValue)): \(error.message)"
            if let line = error.line { text += " (line \(line)" + (error.column.map { ", column \($0)" } ?? "") + ")" }
            html += "<p class=\"failure\">\(escape(text))</p>\n"
        } else if let failure = page.resolution?.failure, page.ads.isEmpty {
            html += "<p class=\"failure\">No ad: \(escape(failure.description))</p>\n"
        }
        for failed in page.resolution?.failedAds ?? [] {
            let id = failed.ad.id.map { " \"\($0)\"" } ?? ""
            html +=
                "<p class=\"failure\">"
                + escape(
                    "Ad\(id) at hop \(failed.hop) \(failed.location) will not play: "
                        + failed.failure.description) + "</p>\n"
        }
        return html + "</header>\n"
    }

    private var chain: String {
        var html = "<section id=\"chain\">\n<h2>Chain</h2>\n"
        guard let hops = page.resolution?.hops, !hops.isEmpty else {
            return html + "<p class=\"empty\">No hop was reached.</p>\n</section>\n"
        }
        html += "<ol class=\"chain\">\n"
        for (position, hop) in hops.enumerated() {
            // A straight chain (every earlier hop a Wrapper) nests each hop under the one before; the hops a
            // pod or a buffet reached from an InLine response sit one level under the tag.
            let straight = hops[..<position].allSatisfy { $0.kind == .wrapper }
            let depth = min(straight ? position : 1, 10)
            html += "<li class=\"hop kind-\(hop.kind.rawValue)\" style=\"margin-left: \(depth * 28)px\">"
            html += hop.index > 0 ? "<span class=\"branch\">└─</span>" : ""
            html += "<span class=\"dot\" style=\"background: \(HTMLTimeline.color(hop: hop.index))\"></span>"
            html += "<span class=\"hopno\">hop \(hop.index)</span>"
            html += "<span class=\"kind\">\(escape(hop.kind.rawValue))</span>"
            html += "<span class=\"stat\">\(hop.status.map { "HTTP \($0)" } ?? "no HTTP")</span>"
            html += "<span class=\"stat\">\(Int(hop.milliseconds.rounded())) ms</span>"
            html += "<span class=\"stat\">\(plural(hop.bytes, "byte"))</span>"
            if let version = hop.vastVersion, !version.isEmpty {
                html += "<span class=\"stat\">VAST \(escape(version))</span>"
            }
            if hop.connectionReused { html += "<span class=\"stat\">reused</span>" }
            if let code = hop.errorCode { html += "<span class=\"code\">error \(code.rawValue)</span>" }
            html += "<div class=\"url\">\(escape(hop.url))</div>"
            if !hop.outcome.isEmpty, hop.outcome != hop.kind.rawValue {
                html += "<div class=\"outcome\">\(escape(hop.outcome))</div>"
            }
            html += "</li>\n"
        }
        html += "</ol>\n"
        if let pixels = page.resolution?.errorBeacons, !pixels.isEmpty {
            html +=
                "<h3>Error pixels the chain would fire (not sent)</h3>\n<table class=\"urls\"><thead><tr><th>code</th>"
            html += "<th>URL</th></tr></thead><tbody>\n"
            for pixel in pixels {
                html += "<tr><td>\(pixel.code.rawValue)</td><td class=\"url\">\(escape(pixel.url))</td></tr>\n"
            }
            html += "</tbody></table>\n"
        }
        return html + "</section>\n"
    }

    private var findings: String {
        let findings = page.report.findings
        var html = "<section id=\"findings\">\n<h2>Findings <span class=\"count\">\(findings.count)</span></h2>\n"
        guard !findings.isEmpty else { return html + "<p class=\"empty\">No findings.</p>\n</section>\n" }
        // Errors first, then warnings, each in document order; info (tolerated, for the curious) folded away.
        let serious = findings.filter { $0.severity == .error } + findings.filter { $0.severity == .warning }
        let info = findings.filter { $0.severity == .info }
        if serious.isEmpty {
            html += "<p class=\"empty\">No error or warning.</p>\n"
        } else {
            html += findingsTable(serious)
        }
        if !info.isEmpty {
            html +=
                "<details><summary>\(plural(info.count, "info finding"))</summary>\n" + findingsTable(info)
                + "</details>\n"
        }
        return html + "</section>\n"
    }

    private func findingsTable(_ findings: [VASTFinding]) -> String {
        var html =
            "<table class=\"findings\"><thead><tr><th>severity</th><th>rule</th><th>location</th><th>message</th>"
        html += "<th>VAST code</th></tr></thead><tbody>\n"
        for finding in findings {
            let severity = finding.severity.rawValue
            html += "<tr class=\"sev-\(severity)\"><td><span class=\"sev\">\(severity)</span></td>"
            html += "<td class=\"rule\">\(escape(finding.rule))</td>"
            html += "<td class=\"loc\">\(escape(finding.location + (finding.line.map { ":\($0)" } ?? "")))</td>"
            html += "<td>\(escape(finding.message))</td>"
            html += "<td>\(finding.vastErrorCode.map { String($0.rawValue) } ?? "")</td></tr>\n"
        }
        return html + "</tbody></table>\n"
    }

    private var timelines: String {
        var html = "<section id=\"timeline\">\n<h2>Beacon timeline</h2>\n"
        guard !page.timelines.isEmpty else {
            return html + "<p class=\"empty\">No ad, so no playback to simulate.</p>\n</section>\n"
        }
        html += "<p class=\"hint\">A play to the end with default options"
        html += page.timelines.count > 1 ? ", the pod as one break, ad after ad. " : ". "
        html += "Each mark is an event at a moment; "
        html += "the dots under it are the hops whose URLs fire (hover a mark for the URLs).</p>\n"
        for timeline in page.timelines {
            html += "<div class=\"ad\">\n<h3>\(escape(adHeading(timeline)))</h3>\n"
            if let note = timeline.note { html += "<p class=\"empty\">\(escape(note)).</p>\n" }
            if timeline.beacons.isEmpty {
                if timeline.note == nil { html += "<p class=\"empty\">The simulated play fired no beacon.</p>\n" }
            } else {
                html += HTMLTimeline(timeline: timeline, escape: escape).svg + "\n"
                html += legend(hops: Set(timeline.beacons.map(\.hop)).sorted())
                html += "<details><summary>The \(plural(timeline.beacons.count, "beacon")) in firing order</summary>\n"
                html +=
                    "<table class=\"urls\"><thead><tr><th>at</th><th>event</th><th>hop</th><th>URL</th></tr></thead><tbody>\n"
                for beacon in timeline.beacons {
                    html += "<tr><td class=\"num\">\(HTMLTimeline.preciseTime(beacon.at))</td>"
                    html += "<td>\(escape(beacon.event))</td><td class=\"num\">\(beacon.hop)</td>"
                    html += "<td class=\"url\">\(escape(beacon.url))</td></tr>\n"
                }
                html += "</tbody></table></details>\n"
            }
            html += "</div>\n"
        }
        return html + "</section>\n"
    }

    private var tracking: String {
        var html = "<section id=\"tracking\">\n<h2>Tracking by event</h2>\n"
        guard !page.ads.isEmpty else { return html + "<p class=\"empty\">No ad, so no tracking.</p>\n</section>\n" }
        for (index, ad) in page.ads.enumerated() {
            if page.ads.count > 1 {
                html += "<h3>\(escape(adHeading(page.timelines.first { $0.index == index })))</h3>\n"
            }
            var groups = ad.trackingByEvent
            if let through = ad.clickThrough, !through.url.isEmpty {
                groups.insert((event: "clickThrough", urls: [through]), at: 0)
            }
            guard !groups.isEmpty else {
                html += "<p class=\"empty\">The ad has no tracking URL.</p>\n"
                continue
            }
            html +=
                "<table class=\"tracking\"><thead><tr><th>event</th><th>hop</th><th>URL (as written)</th></tr></thead>\n"
            for group in groups {
                html += "<tbody>"
                for (row, tracked) in group.urls.enumerated() {
                    html += "<tr>"
                    if row == 0 {
                        html += "<th scope=\"rowgroup\" rowspan=\"\(group.urls.count)\">\(escape(group.event))"
                        html += group.urls.count > 1 ? " <span class=\"count\">\(group.urls.count)</span>" : ""
                        html += "</th>"
                    }
                    html +=
                        "<td class=\"num\"><span class=\"dot\" style=\"background: \(HTMLTimeline.color(hop: tracked.hop))\">"
                    html += "</span>\(tracked.hop)</td><td class=\"url\">\(escape(tracked.url))</td></tr>\n"
                }
                html += "</tbody>\n"
            }
            html += "</table>\n"
        }
        return html + "</section>\n"
    }

    // MARK: Pieces

    private func fact(_ name: String, _ value: String) -> String {
        "<div><dt>\(escape(name))</dt><dd>\(escape(value))</dd></div>"
    }

    private func legend(hops: [Int]) -> String {
        let kinds = Dictionary(
            (page.resolution?.hops ?? []).map { ($0.index, $0.kind.rawValue) }, uniquingKeysWith: { a, _ in a })
        var html = "<p class=\"legend\">"
        for hop in hops {
            html += "<span><span class=\"dot\" style=\"background: \(HTMLTimeline.color(hop: hop))\"></span>hop \(hop)"
            if let kind = kinds[hop] { html += " (\(escape(kind)))" }
            html += "</span>"
        }
        return html + "</p>\n"
    }

    private func adHeading(_ timeline: ReportTimeline?) -> String {
        guard let timeline else { return "Ad" }
        var heading = page.timelines.count > 1 ? "\(timeline.index + 1) of \(page.timelines.count): " : ""
        heading += timeline.title
        if let duration = timeline.duration { heading += " (\(HTMLTimeline.preciseTime(duration)))" }
        return heading
    }

    private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }

    static let css = """
        :root { --ink: #1f2328; --muted: #656d76; --line: #d0d7de; --soft: #f6f8fa; }
        * { box-sizing: border-box; }
        body { margin: 0; padding: 24px 32px 40px; font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, \
        "DejaVu Sans", sans-serif; color: var(--ink); background: #fff; }
        h1 { font-size: 22px; margin: 0 0 4px; }
        h2 { font-size: 17px; margin: 28px 0 10px; padding-bottom: 4px; border-bottom: 1px solid var(--line); }
        h3 { font-size: 14px; margin: 16px 0 6px; }
        .source, .url, .loc, .rule { font-family: ui-monospace, "DejaVu Sans Mono", Menlo, Consolas, monospace; \
        font-size: 12.5px; overflow-wrap: anywhere; word-break: break-all; }
        .source { margin: 0 0 10px; color: var(--muted); }
        td.rule { white-space: nowrap; word-break: normal; }
        table.findings td.loc { width: 38%; }
        .facts { display: flex; flex-wrap: wrap; align-items: center; gap: 10px; }
        .facts dl { display: flex; flex-wrap: wrap; gap: 6px 22px; margin: 0 0 0 8px; }
        .facts dl div { display: flex; gap: 6px; }
        dt { color: var(--muted); } dd { margin: 0; font-weight: 600; }
        .badge { display: inline-block; padding: 2px 10px; border-radius: 12px; font-weight: 700; font-size: 13px; }
        .valid { background: #dafbe1; color: #116329; } .invalid { background: #ffebe9; color: #a40e26; }
        .hasad { background: #ddf4ff; color: #0a3069; } .noad { background: #fff1e5; color: #953800; }
        .failure { margin: 10px 0 0; padding: 8px 12px; background: #ffebe9; border-left: 4px solid #cf222e; }
        .empty, .hint { color: var(--muted); }
        ol.chain { list-style: none; padding: 0; margin: 0; }
        .hop { padding: 6px 10px; margin-bottom: 6px; border: 1px solid var(--line); border-radius: 6px; \
        background: var(--soft); }
        .hop > span { margin-right: 10px; }
        .branch { color: var(--muted); font-family: monospace; }
        .hopno { font-weight: 700; }
        .kind { padding: 1px 8px; border-radius: 10px; font-size: 12px; font-weight: 700; background: #eaeef2; }
        .kind-wrapper .kind { background: #ddf4ff; color: #0a3069; }
        .kind-inline .kind { background: #dafbe1; color: #116329; }
        .kind-noAd .kind { background: #fff1e5; color: #953800; }
        .kind-error .kind { background: #ffebe9; color: #a40e26; }
        .kind-error { border-color: #ff8182; }
        .stat { color: var(--muted); font-size: 12.5px; }
        .code { color: #a40e26; font-weight: 700; }
        .hop .url { margin-top: 3px; }
        .outcome { color: var(--muted); font-size: 12.5px; }
        .dot { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 6px; \
        vertical-align: baseline; }
        table { border-collapse: collapse; width: 100%; margin: 4px 0 8px; }
        th, td { text-align: left; vertical-align: top; padding: 4px 8px; border-bottom: 1px solid var(--line); }
        thead th { background: var(--soft); font-size: 12px; color: var(--muted); text-transform: uppercase; \
        letter-spacing: .03em; }
        td.num { white-space: nowrap; font-variant-numeric: tabular-nums; }
        .count { display: inline-block; min-width: 20px; padding: 0 6px; border-radius: 10px; background: #eaeef2; \
        font-size: 12px; text-align: center; color: var(--muted); }
        .sev { display: inline-block; padding: 0 8px; border-radius: 10px; font-size: 12px; font-weight: 700; }
        tr.sev-error { background: #fff5f5; } tr.sev-error .sev { background: #cf222e; color: #fff; }
        tr.sev-warning { background: #fffbeb; } tr.sev-warning .sev { background: #d4a72c; color: #fff; }
        tr.sev-info .sev { background: #eaeef2; color: var(--muted); }
        table.tracking tbody th { width: 210px; font-weight: 600; border-right: 1px solid var(--line); }
        table.tracking tbody:nth-of-type(even) { background: var(--soft); }
        svg.timeline { width: 100%; height: auto; display: block; margin: 6px 0; }
        svg .axis { stroke: #1f2328; stroke-width: 2; }
        svg .tick { stroke: #1f2328; stroke-width: 1; }
        svg .grid { stroke: #eaeef2; stroke-width: 1; }
        svg .ticklabel { font: 11px system-ui, "DejaVu Sans", sans-serif; fill: var(--muted); text-anchor: middle; }
        svg .axisnote { font: 11px system-ui, "DejaVu Sans", sans-serif; fill: var(--muted); }
        svg .stem { stroke: #8c959f; stroke-width: 1; stroke-dasharray: 2 2; }
        svg .label { font: 11px ui-monospace, "DejaVu Sans Mono", monospace; fill: #1f2328; }
        svg circle { stroke: #fff; stroke-width: 1.5; }
        svg .mark:hover .label { font-weight: 700; }
        svg .mark:hover .stem { stroke: #1f2328; stroke-dasharray: none; }
        .legend { display: flex; gap: 18px; color: var(--muted); font-size: 12.5px; margin: 0 0 6px; }
        details summary { cursor: pointer; color: var(--muted); }
        footer { margin-top: 32px; color: var(--muted); font-size: 12px; }
        """
}
