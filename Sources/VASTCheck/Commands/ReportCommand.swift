import AdEngine
import AdResolution
import AdTransport
import FoundationEssentials
import VAST

/// `vastcheck report SOURCE -o FILE [options]`: one self-contained HTML page about a tag, for people
/// who would rather look than read: the verdict and why, the chain, the findings (tuned by the rule
/// settings), the beacon timeline of a play to the end, and the tracking grouped by event.
struct ReportCommand: Command {
    static let name = "report"
    static let options: [Option] =
        [.output.aliased("--html"), .duration, .quiet] + Option.rules
        + [.timeout, .maxDepth, .maxBytes, .macro, .follow] + MediaOptions.options
    static let writesOutputItself = true

    let source: String
    let output: String
    let quiet: Bool
    let rules: RuleOptions
    let limits: VASTParser.Limits
    let resolution: WrapperResolverConfiguration
    let duration: Double?
    let profile: MacroProfile
    let media: MediaOptions?

    init(_ arguments: Arguments) throws(UsageError) {
        guard let source = arguments.positional.first else {
            throw UsageError("report needs a SOURCE (a file, an http(s) tag URL, or - for standard input)")
        }
        guard arguments.positional.count == 1 else {
            throw UsageError(
                "report takes one SOURCE, got \(arguments.positional.count): "
                    + arguments.positional.joined(separator: " "))
        }
        guard let output = arguments.value(Option.output.name) else {
            throw UsageError(
                "report needs -o FILE (--output or --html: where to write the page; - for standard output)")
        }
        guard !output.isEmpty else { throw UsageError("--output needs a file name, not an empty string") }
        self.source = source
        self.output = output
        quiet = arguments.flags.contains(Option.quiet.name)
        rules = try RuleOptions(arguments)
        (limits, resolution) = try arguments.resolutionLimits()
        if let text = arguments.value(Option.duration.name) {
            guard let seconds = Double(text), seconds > 0, seconds <= 86_400 else {
                throw UsageError("--duration takes a number of seconds above 0 and at most 86400, not \"\(text)\"")
            }
            duration = seconds
        } else {
            duration = nil
        }
        profile = try MacroProfile(arguments)
        media = try MediaOptions(arguments)
    }

    /// The `--macro` values: the chain's URLs are filled with them, and their private ones are hidden.
    var macroValues: VASTMacroContext? { profile.context }

    func run(_ console: Console) async -> ExitCode {
        guard let tuning = rules.tuningOrComplain(console: console) else { return .unreadable }
        let resolver: WrapperResolver
        do {
            let client = try HTTPClient(configuration: HTTPClientConfiguration(maxBodyBytes: limits.maxBytes))
            resolver = WrapperResolver(
                client: client, errorSink: DiscardingBeaconSink(), configuration: resolution,
                macros: profile.context)
        } catch {
            console.err("vastcheck: \(error.message)\n")
            return .usage
        }
        let loader = console.loader(maxDocumentBytes: limits.maxBytes)
        var report: DocumentReport
        var bytes: [UInt8]?
        do {
            let loaded = try loader.load(try loader.source(named: source))
            bytes = loaded.source.isTag ? nil : loaded.bytes
            report =
                loaded.source.isTag
                ? DocumentReport(
                    source: FileName.shown(source), resolution: await resolver.resolve(loaded), strict: false)
                : await check(loaded, resolver: resolver)
        } catch  where error.vastErrorCode != nil {
            var refused = DocumentReport(source: FileName.shown(source), sourceError: error, strict: false)
            refused.attach(VASTResolution(refusing: error))
            report = refused
        } catch {
            console.cannotRead(error)
            return .unreadable
        }
        if let media { report = await MediaFindings(media, client: resolver.client).adding(to: report, bytes: bytes) }
        report.tune(tuning)
        let start = Date()
        let ads = report.resolution?.ads ?? []
        let timelines =
            ads.count > 1
            ? ReportTimeline.make(forPod: ads, duration: duration, start: start)
            : ads.enumerated().map { index, ad in
                ReportTimeline.make(for: ad, index: index, duration: duration, start: start)
            }
        let page = ReportPage(report: report, ads: ads, timelines: timelines)
        let html = HTMLReport(page: page, escape: HTMLEscaper(redactor: console.redactor)).html
        if output == "-" {
            console.out(html)
        } else {
            do {
                try AtomicFile.write(Array(console.redact(html).utf8), to: output)
            } catch {
                console.err(Terminal.escapeLines("vastcheck: \(error.message)") + "\n")
                return .unreadable
            }
            if !quiet || !report.isValid { console.out(summary(page)) }
        }
        return report.isValid ? .success : .invalid
    }

    /// Parses a local document for its findings, and resolves it (following its wrappers) for the chain.
    private func check(_ loaded: LoadedSource, resolver: WrapperResolver) async -> DocumentReport {
        var report: DocumentReport
        do {
            let parser = VASTParser(limits: limits, urlValidator: CurlURLValidator.validator)
            let result = try parser.parse(loaded.bytes ?? [])
            report = DocumentReport(
                source: FileName.shown(source), result: result, findings: result.findings, strict: false)
        } catch {
            report = DocumentReport(source: FileName.shown(source), parseError: error, findings: [], strict: false)
        }
        report.attach(await resolver.resolve(loaded))
        return report
    }

    /// `wrote FILE: VAST 4.2, valid, 1 ad, 1 hop, 0 findings, 14 beacons`, or when invalid with the
    /// error code and its name, then the lines that say why (as `validate` prints them).
    private func summary(_ page: ReportPage) -> String {
        let report = page.report
        var parts = ["VAST \(Terminal.escape(report.playedVersion ?? "?"))", report.isValid ? "valid" : "invalid"]
        if let label = report.verdictLabel { parts.append(label) }
        if page.ads.isEmpty {
            parts.append("no ad")
        } else {
            parts.append(plural(page.ads.count, "ad"))
        }
        parts.append(plural(report.resolution?.hops.count ?? 0, "hop"))
        parts.append(plural(report.findings.count, "finding"))
        parts.append(plural(page.beaconCount, "beacon"))
        var text = "wrote \(Terminal.escape(FileName.shown(output))): " + parts.joined(separator: ", ") + "\n"
        if !report.isValid {
            // The document's own line is already said above; what follows it says why.
            let lines = HumanReport(color: false, verbose: false).render(report).split(
                separator: "\n", omittingEmptySubsequences: false)
            text += lines.dropFirst().joined(separator: "\n")
        }
        return text
    }

    private func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}

extension ReportCommand {
    static let helpText = CommandHelp(
        positional: "SOURCE",
        summary: """
            Writes one self-contained HTML page about a VAST source, for people who would rather look
            than read: whether it is valid, its error code and why, the wrapper chain (each hop's URL,
            status, time, size and kind), the findings coloured by severity, the beacons of a play to the
            end drawn on a timeline (hover a mark for its URLs and hops), and the tracking URLs grouped
            by event. The page loads nothing: inline CSS and SVG, no script; URLs appear only as text.
            Wrappers are followed (their error pixels are listed, never sent). The verdict is validate's:
            a pod or buffet with an ad that will not play is invalid, and the rule settings apply.
            """,
        arguments: """
              SOURCE            A file, an http(s) tag URL, or - for stdin.
            """,
        notes: """
            With the page written to a file, a line on stdout says what it holds; when the source is
            invalid, the lines validate prints follow it (why, and each finding as FILE:LINE:COL:
            severity: message [rule-id]).
            """,
        examples: [
            "vastcheck report vast-samples/v42-inline-linear-full.xml -o report.html",
            "vastcheck report \"https://ads.example.com/vast?pos=pre\" --html tag.html --timeout 2",
            "curl -s \"$TAG\" | vastcheck report - -o - > tag.html",
            "Tools/report-screenshot vast-samples/v30-pod-three-ads.xml",
        ],
        exitCodes: "0 the page was written and the source is valid (every ad plays), 1 the source is invalid or has no "
            + "ad (the page is still written with what is known), 2 the source could not be read or the page not "
            + "written, 64 usage error.")
}
