import AdEngine
import AdResolution
import AdTransport
import Foundation
import VAST

/// `vastcheck report SOURCE --html FILE [--max-depth N] [--timeout SECONDS]`: one self-contained HTML
/// page about a tag, for people who would rather look than read: the chain, the findings, the beacon
/// timeline of a play to the end, and the tracking grouped by event.
struct ReportCommand: Command {
    static let flags: Set<String> = []
    static let options: Set<String> = ["--html", "--max-depth", "--timeout", "--max-bytes", "--duration"]
    static var help: String { HelpText.report }

    let source: String
    let output: String
    let limits: VASTParser.Limits
    let resolution: WrapperResolverConfiguration
    let duration: Double?

    init(_ arguments: Arguments) throws(UsageError) {
        guard let source = arguments.positional.first else {
            throw UsageError("report needs a SOURCE (a file, an http(s) tag URL, or - for standard input)")
        }
        guard arguments.positional.count == 1 else {
            throw UsageError("report takes one SOURCE, got \(arguments.positional.count): "
                             + arguments.positional.joined(separator: " "))
        }
        guard let output = arguments.value("--html") else {
            throw UsageError("report needs --html FILE (where to write the page; - for standard output)")
        }
        guard !output.isEmpty else { throw UsageError("--html needs a file name, not an empty string") }
        self.source = source
        self.output = output
        (limits, resolution) = try arguments.resolutionLimits()
        if let text = arguments.value("--duration") {
            guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
                throw UsageError("--duration takes a number of seconds above 0 and at most 86400, not \"\(text)\"")
            }
            duration = seconds
        } else {
            duration = nil
        }
    }

    func run(_ console: Console) async -> ExitCode {
        let resolver: WrapperResolver
        do {
            let client = try HTTPClient(configuration: HTTPClientConfiguration(maxBodyBytes: limits.maxBytes))
            resolver = WrapperResolver(client: client, errorSink: DiscardingBeaconSink(), configuration: resolution)
        } catch {
            console.err("vastcheck: \(error.message)\n")
            return .usage
        }
        let loader = console.loader(maxDocumentBytes: limits.maxBytes)
        let report: DocumentReport
        do {
            let loaded = try loader.load(try loader.source(named: source))
            report = loaded.source.isTag
                ? DocumentReport(source: source, resolution: await resolver.resolve(loaded), strict: false)
                : await check(loaded, resolver: resolver)
        } catch where error.vastErrorCode != nil {
            var refused = DocumentReport(source: source, sourceError: error, strict: false)
            refused.attach(VASTResolution(refusing: error))
            report = refused
        } catch {
            console.cannotRead(error)
            return .unreadable
        }
        let start = Date()
        let ads = report.resolution?.ads ?? []
        let timelines = ads.enumerated().map { index, ad in ReportTimeline.make(for: ad, index: index, duration: duration, start: start) }
        let page = ReportPage(report: report, ads: ads, timelines: timelines)
        let html = HTMLReport(page: page).html
        if output == "-" {
            console.out(html)
        } else {
            do {
                try AtomicFile.write(Array(console.redact(html).utf8), to: output)
            } catch {
                console.err("vastcheck: cannot write \(output): \(error.message)\n")
                return .unreadable
            }
            console.out(summary(page))
        }
        return ads.isEmpty ? .invalid : .success
    }

    /// Parses a local document for its findings, and resolves it (following its wrappers) for the chain.
    private func check(_ loaded: LoadedSource, resolver: WrapperResolver) async -> DocumentReport {
        var report: DocumentReport
        do {
            let parser = VASTParser(limits: limits, urlValidator: CurlURLValidator.validator)
            let result = try parser.parse(loaded.bytes ?? [])
            report = DocumentReport(source: source, result: result, findings: result.findings, strict: false)
        } catch {
            report = DocumentReport(source: source, parseError: error, findings: [], strict: false)
        }
        report.attach(await resolver.resolve(loaded))
        return report
    }

    /// `wrote FILE: VAST 4.2, valid, 1 ad, 1 hop, 0 findings, 14 beacons` (or why there is no ad).
    private func summary(_ page: ReportPage) -> String {
        let report = page.report
        var parts = ["VAST \(report.vastVersion ?? "?")", report.isValid ? "valid" : "invalid"]
        if page.ads.isEmpty {
            parts.append("no ad" + (report.errorCode.map { " (error \($0.rawValue))" } ?? ""))
        } else {
            parts.append(plural(page.ads.count, "ad"))
        }
        parts.append(plural(report.resolution?.hops.count ?? 0, "hop"))
        parts.append(plural(report.findings.count, "finding"))
        parts.append(plural(page.beaconCount, "beacon"))
        return "wrote \(output): " + parts.joined(separator: ", ") + "\n"
    }

    private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}

extension HelpText {
    static let report = """
        USAGE: vastcheck report SOURCE --html FILE [--duration SECONDS] [--max-depth N] [--timeout SECONDS]
                               [--max-bytes N] [--no-redact]

        Writes one self-contained HTML page about a VAST source, for people who would rather look
        than read: whether it is valid and its error code, the wrapper chain (each hop's URL, status,
        time, size and kind), the findings coloured by severity, the beacons of a play to the end
        drawn on a timeline (hover a mark for its URLs and hops), and the tracking URLs grouped by
        event. The page loads nothing: inline CSS and SVG, no script; URLs appear only as text.
        Wrappers are followed (their error pixels are listed, never sent).

        ARGUMENTS:
          SOURCE            A file, an http(s) tag URL, or - for stdin.

        OPTIONS:
          --html FILE       Where to write the page (required; - writes it to stdout).
          --duration SECONDS
                            The media's duration for the timeline when the ad's Linear has none.
          --max-depth N     Wrappers to follow before error 302 (default 5).
          --timeout SECONDS Per-request timeout (default 8 for the tag, 4 for each wrapper).
          --max-bytes N     Refuse documents larger than N bytes (default 2097152).
          --no-redact       Show private macro values instead of [redacted:NAME].
          -h, --help        Show this help.

        EXAMPLES:
          vastcheck report vast-samples/v42-inline-linear-full.xml --html report.html
          vastcheck report "https://ads.example.com/vast?pos=pre" --html tag.html --timeout 2
          curl -s "$TAG" | vastcheck report - --html - > tag.html
          Tools/report-screenshot vast-samples/v30-pod-three-ads.xml

        EXIT CODES: 0 the page was written and the source has an ad, 1 the source has no ad (the page
        is still written with what is known), 2 the source could not be read or the page not written,
        64 usage error.

        """
}
