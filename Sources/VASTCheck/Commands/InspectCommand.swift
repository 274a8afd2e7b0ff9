import AdEngine
import AdResolution
import VAST

/// `vastcheck inspect SOURCE [--json [--model]] [--macro NAME=VALUE]... [--start DATE] [--seed N]`: the
/// wrapper chain as a tree, then the merged ad with every tracking URL by event and the hop it came
/// from; with `--model`, the whole model of every resolved ad as JSON.
struct InspectCommand: Command {
    static let flags: Set<String> = ["--json", "--model"]
    static let options: Set<String> = MacroProfile.options
    static var help: String { HelpText.inspect }

    let source: InspectSource
    let json: Bool
    let model: Bool
    let profile: MacroProfile

    init(_ arguments: Arguments) throws(UsageError) {
        source = try InspectSource(arguments, command: "inspect")
        json = arguments.flags.contains("--json")
        model = arguments.flags.contains("--model")
        guard json || !model else { throw UsageError("--model needs --json (the model is written as JSON)") }
        profile = try MacroProfile(arguments)
    }

    /// The `--macro` profile: its private values are hidden in the output unless `--no-redact` is given.
    var macroValues: VASTMacroContext? { profile.context }

    func run(_ console: Console) async -> ExitCode {
        let resolution: VASTResolution
        switch await source.load(console: console, fireErrors: false) {
        case .unreadable(let reason):
            console.err("vastcheck: cannot read \(reason)\n")
            return .unreadable
        case .resolved(let resolved, _):
            resolution = resolved
        }
        if model {
            console.out(ModelJSONReport(resolution: resolution).json.pretty() + "\n")
            return resolution.ads.isEmpty ? .invalid : .success
        }
        let report = InspectReport(source: source.name, resolution: resolution, context: profile.context)
        console.out(json ? report.json.pretty() + "\n" : report.text)
        return resolution.ads.isEmpty ? .invalid : .success
    }
}

extension HelpText {
    static let inspect = """
        USAGE: vastcheck inspect [--json [--model]] [--macro NAME=VALUE]... [--start DATE] [--seed N] [--no-redact] SOURCE

        Resolves the source's wrapper chain and shows it as a tree (hop, kind, HTTP status, time,
        bytes, URL), then the merged ad: its creatives, the media file a player would choose, and
        every tracking URL grouped by event with the hop it came from (0 is the source itself).
        URLs are shown with their macros expanded from a profile; macros without a value are left
        as written and listed. Nothing is sent.

        ARGUMENTS:
          SOURCE              A file, an http(s) tag URL, or - for standard input.

        OPTIONS:
          --json              One JSON document on stdout: {"chain":[...as in validate],"ad":{"impressions":
                              [{"url","hop"}],"tracking":{"<event>":[{"url","hop"}]},"errors":[...],
                              "clickThrough"?},"errorCode"?}; "ad" also has id, hop, creatives and
                              mediaFile, "nonLinearTracking" and "companionTracking" (their events apart
                              from the Linear's), and a pod adds "pod" with every ad. Empty URLs are
                              left out.
          --model             With --json: {"chain":[...],"ads":[...]} where each ad is the whole model
                              (every element and attribute of the InLine, each Wrapper with its hop,
                              the merged lists with hops), URLs as written.
          --macro NAME=VALUE  A macro's value (repeatable), as the IAB names it: --macro DEVICEIP=192.0.2.1,
                              lists with commas (--macro REGULATIONS=gdpr,coppa), -1 for unknown, -2 for
                              withheld.
          --start DATE        The clock for [TIMESTAMP], ISO 8601 (default: now).
          --seed N            Makes [CACHEBUSTING] repeatable (default: random).
          --no-redact         Show the values of IFA, DEVICEIP, LATLONG, GDPRCONSENT, GPPSTRING and
                              DEVICEUA in expanded URLs instead of [redacted:NAME].
          -h, --help          Show this help.

        EXAMPLES:
          vastcheck inspect vast-samples/v42-inline-linear-full.xml
          vastcheck inspect --json "https://ads.example.com/vast?pos=pre" | jq '.ad.tracking'
          vastcheck inspect --json --model tag.xml | jq '.ads[0].ad.inLine.creatives[0].linear.mediaFiles'
          vastcheck inspect --macro DEVICEIP=192.0.2.1 --macro IFA=-2 --start 2024-05-01T12:00:00Z --seed 7 tag.xml

        EXIT CODES: 0 an ad, 1 no ad (the chain failed: see errorCode), 2 the source could not be read,
        64 usage error.

        """
}
