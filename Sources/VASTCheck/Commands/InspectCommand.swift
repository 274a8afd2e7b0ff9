import AdEngine
import AdResolution
import AdSimulation
import VAST

/// `vastcheck inspect [options] SOURCE`: the wrapper chain as a tree, then the merged ad with every
/// tracking URL by event and the hop it came from, and the ads that will not play; with `--model`, the
/// whole model of every resolved ad as JSON.
struct InspectCommand: Command {
    static let name = "inspect"
    static let model = Option(
        "--model",
        help: "With --json: {\"chain\":[...],\"ads\":[...]} where each ad is the whole model (every element and "
            + "attribute of the InLine, each Wrapper with its hop, the merged lists with hops), URLs as written.")
    static let options: [Option] =
        [.json, .format(OutputFormat.textOrJSON), model, .output] + MacroProfile.options
        + [.timeout, .maxDepth, .maxBytes, .follow] + MediaOptions.options

    let source: InspectSource
    let json: Bool
    let model: Bool
    let profile: MacroProfile
    let media: MediaOptions?

    init(_ arguments: Arguments) throws(UsageError) {
        source = try InspectSource(arguments, command: "inspect")
        json = try arguments.format(OutputFormat.textOrJSON) == .json
        model = arguments.flags.contains(Self.model.name)
        guard json || !model else { throw UsageError("--model needs --json (the model is written as JSON)") }
        profile = try MacroProfile(arguments)
        media = try MediaOptions(arguments)
    }

    /// The `--macro` profile: its private values are hidden in the output unless `--no-redact` is given.
    var macroValues: VASTMacroContext? { profile.context }

    func run(_ console: Console) async -> ExitCode {
        let resolution: VASTResolution
        var mediaFindings: [VASTFinding]?
        switch await source.load(console: console, fireErrors: false, macros: profile.context) {
        case .unreadable(let reason):
            console.err(Terminal.escapeLines("vastcheck: cannot read \(reason)") + "\n")
            return .unreadable
        case .resolved(let resolved, let client):
            resolution = resolved
            if let media { mediaFindings = await MediaFindings(media, client: client).findings(for: resolution) }
        }
        if model {
            console.out(ModelJSONReport(resolution: resolution).json.pretty() + "\n")
            return Self.verdict(resolution)
        }
        let report = InspectReport(source: source.name, resolution: resolution, context: profile.context)
        console.out(
            json
                ? report.json(media: mediaFindings).pretty() + "\n"
                : Terminal.escapeLines(report.text + InspectReport.mediaText(mediaFindings)))
        return mediaFindings?.contains { $0.severity == .error } == true ? .invalid : Self.verdict(resolution)
    }

    /// 0 when every ad offered plays; 1 when there is no ad or one of them will not play (it failed, or
    /// its Linear has no media file of a type the player plays: 403).
    static func verdict(_ resolution: VASTResolution) -> ExitCode {
        resolution.ads.isEmpty || !resolution.failedAds.isEmpty
            || resolution.ads.contains(where: Simulation.lacksPlayableMediaFile) ? .invalid : .success
    }
}

extension InspectCommand {
    static let helpText = CommandHelp(
        positional: "SOURCE",
        summary: """
            Resolves the source's wrapper chain and shows it as a tree (hop, kind, HTTP status, time,
            bytes, URL), then the merged ad: its creatives, the media file a player would choose, and
            every tracking URL grouped by event with the hop it came from (0 is the source itself), then
            the ads of a pod or buffet that will not play and why. URLs are shown with their macros
            expanded from a profile (--macro, --start, --seed); macros without a value are left as
            written and listed. Nothing is sent.
            """,
        arguments: """
              SOURCE              A file, an http(s) tag URL, or - for standard input.
            """,
        notes: """
            With --json, one JSON document on stdout: {"chain":[...as in validate],"ad":{"impressions":
            [{"url","hop"}],"tracking":{"<event>":[{"url","hop"}]},"errors":[...],"clickThrough"?},
            "failed":[{"hop","location","id","errorCode","failedAtHop","message"}],"errorCode"?}; "ad" also has id,
            hop, creatives and mediaFile (or "errorCode":403 when its Linear has no media file of a type
            the player plays: video/mp4, application/x-mpegURL, video/webm), "nonLinearTracking" and
            "companionTracking" (their events apart from the Linear's), and a pod adds "pod" with every ad.
            Empty URLs are left out.
            """,
        examples: [
            "vastcheck inspect vast-samples/v42-inline-linear-full.xml",
            "vastcheck inspect --json \"https://ads.example.com/vast?pos=pre\" | jq '.ad.tracking'",
            "vastcheck inspect --json --model tag.xml | jq '.ads[0].ad.inLine.creatives[0].linear.mediaFiles'",
            "vastcheck inspect --macro DEVICEIP=192.0.2.1 --macro IFA=-2 --start 2024-05-01T12:00:00Z --seed 7 tag.xml",
            "vastcheck inspect --timeout 2 --max-depth 3 \"https://ads.example.com/vast?pos=pre\"",
        ],
        exitCodes: "0 an ad, and every ad offered plays, 1 no ad (the chain failed: see errorCode) or an ad that will "
            + "not play, 2 the source could not be read, 64 usage error.")
}
