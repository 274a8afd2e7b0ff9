import AdErrors
import AdResolution
import AdTransport
import FoundationEssentials
import VAST

/// `vastcheck flatten [options] SOURCE`: resolves a tag's wrapper chain and writes it as one VAST
/// document of InLine ads that carries every merged Impression, Error, tracking and click URL of the
/// chain, for replaying it without the network.
struct FlattenCommand: Command {
    static let name = "flatten"
    static let options: [Option] =
        [.output, .json, .format(OutputFormat.textOrJSON), .quiet]
        + [.timeout, .maxDepth, .maxBytes, .macro, .follow]
    static let writesOutputItself = true

    let source: String
    let output: String?
    let json: Bool
    let quiet: Bool
    let limits: VASTParser.Limits
    let resolution: WrapperResolverConfiguration
    let profile: MacroProfile

    init(_ arguments: Arguments) throws(UsageError) {
        guard let source = arguments.positional.first else {
            throw UsageError("flatten needs a SOURCE (a file, an http(s) tag URL, or - for standard input)")
        }
        guard arguments.positional.count == 1 else {
            throw UsageError(
                "flatten takes one SOURCE, not \(arguments.positional.count) ("
                    + arguments.positional.joined(separator: " ") + ")")
        }
        self.source = source
        output = try arguments.outputPath()
        json = try arguments.format(OutputFormat.textOrJSON) == .json
        quiet = arguments.flags.contains(Option.quiet.name)
        (limits, resolution) = try arguments.resolutionLimits()
        profile = try MacroProfile(arguments)
    }

    /// The `--macro` values: the chain's URLs are fetched with them, and their private ones are hidden.
    var macroValues: VASTMacroContext? { profile.context }

    func run(_ console: Console) async -> ExitCode {
        let resolved: VASTResolution
        switch await resolve(console) {
        case .failure(let error):
            console.err("vastcheck: cannot read \(error.reason)\n")
            return .unreadable
        case .success(let value):
            resolved = value
        }
        guard !resolved.ads.isEmpty else {
            if json { console.out(FlattenReport(resolution: resolved).json.pretty() + "\n") }
            console.err(
                "vastcheck: \(Terminal.escape(FileName.shown(source))): nothing to flatten, "
                    + Terminal.escape(InspectSource.noAdMessage(resolved)) + "\n")
            return .invalid
        }
        let flattening = VASTFlattening(ads: resolved.ads, version: Self.version(of: resolved))
        let xml: String
        do {
            xml = try VASTWriter().write(flattening.document)
        } catch {
            console.err(Terminal.escapeLines("vastcheck: \(FileName.shown(source)): \(error.description)") + "\n")
            return .unreadable
        }
        if let output {
            do {
                try AtomicFile.write(Array(console.redact(xml).utf8), to: output)
            } catch {
                console.err("vastcheck: \(error.message)\n")
                return .unreadable
            }
        }
        let report = FlattenReport(resolution: resolved, flattening: flattening, output: output, xml: xml)
        if json {
            console.out(report.json.pretty() + "\n")
        } else {
            if !flattening.omitted.isEmpty { console.err(Terminal.escapeLines(report.omissionWarning)) }
            if output == nil {
                console.out(xml)
            } else if !quiet || !resolved.failedAds.isEmpty {
                console.out(Terminal.escapeLines(report.summary))
            }
        }
        // The document holds what plays; an ad the response offered that will not play is said, and fails the run.
        for failed in resolved.failedAds {
            let id = failed.ad.id.map { " \"\($0)\"" } ?? ""
            console.err(
                Terminal.escapeLines(
                    "vastcheck: \(FileName.shown(source)): ad\(id) at hop \(failed.hop) \(failed.location) will not "
                        + "play and is left out: \(failed.failure.named) at hop \(failed.failure.hop): \(failed.failure.message)\n"
                ))
        }
        return resolved.failedAds.isEmpty ? .success : .invalid
    }

    /// Loads the source with the engine's ``SourceLoader`` (a file or stdin, whose Wrappers are then
    /// fetched, or a tag URL) and resolves its chain; error pixels go nowhere.
    private func resolve(_ console: Console) async -> Result<VASTResolution, FlattenSourceError> {
        let resolver: WrapperResolver
        do {
            let client = try HTTPClient(configuration: HTTPClientConfiguration(maxBodyBytes: limits.maxBytes))
            resolver = WrapperResolver(
                client: client, errorSink: DiscardingBeaconSink(), configuration: resolution,
                macros: profile.context)
        } catch {
            return .failure(FlattenSourceError(reason: "\(FileName.shown(source)): \(error.message)"))
        }
        let loader = console.loader(maxDocumentBytes: limits.maxBytes)
        let loaded: LoadedSource
        do {
            loaded = try loader.load(try loader.source(named: source))
        } catch  where error.vastErrorCode != nil {
            return .success(VASTResolution(refusing: error))
        } catch {
            return .failure(FlattenSourceError(reason: error.description))
        }
        return .success(await resolver.resolve(loaded))
    }

    /// The oldest version among the InLines' documents: a newer Wrapper's elements in an older InLine
    /// are only version findings, whereas an older InLine written as a newer version would miss what
    /// the newer one requires (AdServingId, UniversalAdId).
    static func version(of resolution: VASTResolution) -> VASTVersion {
        let versions = resolution.ads.compactMap { ad in
            resolution.hops.first { $0.index == ad.hop }?.vastVersion
                .flatMap { VASTVersion(rawValue: $0.trimmingSpaces()) }
        }
        return versions.min() ?? .v4_3
    }
}

/// Why the source could not be read.
struct FlattenSourceError: Error {
    let reason: String
}

extension FlattenCommand {
    static let helpText = CommandHelp(
        positional: "SOURCE",
        summary: """
            Resolves the source's wrapper chain and writes it as one VAST document whose ads are all
            InLine: every Impression, Error, ViewableImpression, verification, extension, tracking event
            and click tracker of each Wrapper is moved into the InLine it led to, in hop order (the
            outermost Wrapper's first), so that the chain can be replayed without the network
            (server-side ad insertion, QA). A pod stays a pod. Displayable Wrapper companions are kept
            beside the InLine's. URLs are written as they were (macros unexpanded), in CDATA; the
            document is written in the InLine's VAST version. Nothing is sent.
            """,
        arguments: """
              SOURCE            A file, an http(s) tag URL, or - for stdin.
            """,
        notes: """
            With -o FILE, a summary line goes to stdout. With --json: {"chain":[...as in validate],"version",
            "ads","omitted":[{"what","url","hop","ad"}],"output"?,"xml"?}: the document is in "xml" unless
            --output is given; with no ad, {"chain","errorCode","failure"}. A URL the InLine has no element
            for (a Wrapper's Linear tracking when the InLine has no Linear, say) is listed on stderr (in
            "omitted" with --json), not dropped silently; so is an ad of a pod that will not play, which
            is left out of the document and makes the exit code 1.
            """,
        examples: [
            "vastcheck flatten \"https://ads.example.com/vast?pos=pre\" > flat.xml",
            "vastcheck flatten wrapper.xml -o flat.xml && vastcheck validate flat.xml",
            "vastcheck flatten --json --max-depth 3 --timeout 2 tag.xml | jq '.omitted'",
        ],
        exitCodes:
            "0 the document was written, 1 the chain has no ad (nothing is written) or an ad of it will not play "
            + "(the others are written), 2 the source could not be read or the document not written, 64 usage error.")
}
