import AdEngine
import AdResolution
import AdSimulation
import AdTransport
import Foundation
import VAST

/// `vastcheck simulate SOURCE [--duration S] [--pause-at S] [--resume-at S] [--seek-to S] [--seek-at S]
/// [--skip-at S] [--click-at S] [--mute-at S] [--fullscreen-at S] [--fail-at S] [--exposure P] [--fire] [--json]`:
/// drives a real `AdSession` as a virtual player (the AdSimulation library) and prints the beacon timeline.
struct SimulateCommand: Command {
    static let flags: Set<String> = ["--json", "--fire"]
    static var options: Set<String> {
        MacroProfile.options.union(timeOptions.map(\.0)).union(["--duration", "--exposure"])
    }
    static var help: String { HelpText.simulate }

    /// The options that take a time on the simulation clock, and where each goes.
    private static var timeOptions: [(String, WritableKeyPath<SimulationOptions, Double?>)] {
        [
        ("--pause-at", \.pauseAt), ("--resume-at", \.resumeAt), ("--seek-to", \.seekTo), ("--seek-at", \.seekAt),
        ("--skip-at", \.skipAt), ("--click-at", \.clickAt), ("--mute-at", \.muteAt),
        ("--fullscreen-at", \.fullscreenAt), ("--fail-at", \.failAt),
        ]
    }

    let source: InspectSource
    let json: Bool
    let fire: Bool
    let profile: MacroProfile
    let options: SimulationOptions

    init(_ arguments: Arguments) throws(UsageError) {
        var options = SimulationOptions()
        if let duration = try Self.seconds(arguments, "--duration") {
            guard duration > 0 else { throw UsageError("--duration takes a number of seconds above 0, not \"\(arguments.value("--duration") ?? "")\"") }
            options.duration = duration
        }
        for (name, path) in Self.timeOptions { options[keyPath: path] = try Self.seconds(arguments, name) }
        if let resume = options.resumeAt {
            guard let pause = options.pauseAt else { throw UsageError("--resume-at needs --pause-at (there is nothing to resume)") }
            guard resume > pause else {
                throw UsageError("--resume-at (\(SimulationFormat.seconds(resume))) must come after --pause-at (\(SimulationFormat.seconds(pause)))")
            }
        }
        if options.seekAt != nil, options.seekTo == nil { throw UsageError("--seek-at needs --seek-to (where to seek)") }
        if let text = arguments.value("--exposure") {
            guard let percent = Double(text), percent.isFinite, percent >= 0, percent <= 100 else {
                throw UsageError("--exposure takes a percentage from 0 to 100, not \"\(text)\"")
            }
            options.exposure = percent
        }
        self.options = options
        profile = try MacroProfile(arguments)
        source = try InspectSource(arguments, command: "simulate")
        json = arguments.flags.contains("--json")
        fire = arguments.flags.contains("--fire")
    }

    /// A number of seconds from 0 to a day, or `nil` when the option is absent.
    private static func seconds(_ arguments: Arguments, _ name: String) throws(UsageError) -> Double? {
        guard let text = arguments.value(name) else { return nil }
        if let count = arguments.values[name]?.count, count > 1 {
            throw UsageError("\(name) is given \(count) times; give it once")
        }
        guard let value = Double(text), value.isFinite, value >= 0, value <= 86_400 else {
            throw UsageError("\(name) takes a number of seconds from 0 to 86400, not \"\(text)\"")
        }
        return value
    }

    func run(_ console: Console) async -> ExitCode {
        let resolution: VASTResolution
        let client: HTTPClient
        switch await source.load(console: console, fireErrors: fire) {
        case .unreadable(let reason):
            console.err("vastcheck: cannot read \(reason)\n")
            return .unreadable
        case .resolved(let resolved, let httpClient):
            resolution = resolved
            client = httpClient
        }
        guard let ad = resolution.ads.first else {
            return fail("no ad: \(InspectSource.noAdMessage(resolution))", console: console)
        }
        let result: SimulationResult
        do {
            result = try Simulation.simulate(ad, options: options, macros: profile.context, start: profile.start)
        } catch {
            return fail("cannot simulate the ad: \(error.message)", console: console)
        }
        if json {
            console.out(SimulationOutput.json(result.timeline))
            for note in result.errors {
                console.err("vastcheck: \(note.input) at \(SimulationFormat.seconds(note.clock)) s refused: "
                            + "\(note.error?.description ?? "")\n")
            }
        } else {
            console.out(SimulationOutput.text(result, source: source.name, ad: ad, podSize: resolution.ads.count))
        }
        if fire {
            await send(result.timeline, client: client, console: console)
        } else if !json {
            console.out("Nothing was sent (--fire sends the beacons).\n")
        }
        return result.errors.isEmpty ? .success : .invalid
    }

    private func fail(_ message: String, console: Console) -> ExitCode {
        if json { console.out("[]\n") }
        console.err("vastcheck: \(message)\n")
        return .invalid
    }

    /// Sends every beacon once, in firing order, and says what became of them.
    private func send(_ timeline: [TimelineEntry], client: HTTPClient, console: Console) async {
        let sender = DirectBeaconSender(client: client)
        let instance = "simulate-\(UUID().uuidString)"
        for entry in timeline {
            await sender.enqueue([Beacon(url: entry.url, event: entry.event, adInstance: instance, hop: entry.hop)])
        }
        let failures = await sender.results.filter { $0.error != nil }
        let summary = "Sent \(timeline.count) beacon\(timeline.count == 1 ? "" : "s"): "
            + "\(timeline.count - failures.count) accepted, \(failures.count) failed.\n"
        var details = ""
        for failure in failures {
            details += "  \(failure.beacon.event)  \(failure.beacon.url)  \(failure.error.map { "\($0.kind.rawValue): \($0.message)" } ?? "")\n"
        }
        if json {
            if !failures.isEmpty { console.err("vastcheck: " + summary + details) }
        } else {
            console.out(summary + details)
        }
    }
}

extension HelpText {
    static let simulate = """
        USAGE: vastcheck simulate [--duration S] [--pause-at S] [--resume-at S] [--seek-to S] [--seek-at S]
                                  [--skip-at S] [--click-at S] [--mute-at S] [--fullscreen-at S] [--fail-at S]
                                  [--exposure P] [--macro NAME=VALUE]... [--start DATE] [--seed N] [--fire]
                                  [--json] SOURCE

        Resolves the source like inspect, then plays its (first) ad through a real ad session (the
        unit, video and viewability state of one ad instance) as a virtual player, and prints every
        beacon in firing order: the playhead, the event as VAST spells it, the hop it came from, and
        the URL with its macros expanded. The impression fires at 0; the player reports progress at
        each milestone, input and the end, so any duration plays at once. Nothing is sent unless
        --fire is given.

        Times are seconds on the simulation clock (since the ad started, paused time included;
        without a pause or seek it is the playhead).

        ARGUMENTS:
          SOURCE              A file, an http(s) tag URL, or - for standard input.

        OPTIONS:
          --duration S        The media's duration (default: the Linear's Duration).
          --pause-at S        Pause; --resume-at S resumes (without it playback stays paused).
          --seek-to S         Seek the playhead to S, at --seek-at S (default: right after the start).
                              Milestones jumped over fire once each, in order; a backward seek refires none.
          --skip-at S         Tap skip (refused with the lifecycle's error unless the skip offset is reached).
          --click-at S        Click: ClickTracking (the click-through is shown, not opened).
          --mute-at S         Mute.
          --fullscreen-at S   Go fullscreen: playerExpand (and VAST 2/3 fullscreen).
          --fail-at S         Playback fails for good with error 405: the Error URLs fire.
          --exposure P        The percentage of the player on screen, reported at the start (0 to 100):
                              Viewable after 2 s of playback at 50 or more, else NotViewable at the end.
                              Without it nothing is measured: ViewUndetermined.
          --macro NAME=VALUE  A macro's value (repeatable), as in inspect; -1 unknown, -2 withheld.
          --start DATE        When the ad starts, ISO 8601: [TIMESTAMP] is it plus the clock (default: now).
          --seed N            Makes [CACHEBUSTING] repeatable (default: random).
          --fire              Send each beacon (and a failing chain's error pixels), once, in order.
          --json              A JSON list on stdout: {"at","event","url","hop"} per beacon in firing
                              order ("offset" added for progress); at is the playhead in seconds.
          -h, --help          Show this help.

        EXAMPLES:
          vastcheck simulate vast-samples/v20-inline-linear.xml
          vastcheck simulate --pause-at 5 --resume-at 8 --mute-at 10 tag.xml
          vastcheck simulate --seek-to 20 --json tag.xml | jq -r '.[].event'
          vastcheck simulate --skip-at 4 --start 2024-05-01T12:00:00Z --seed 7 tag.xml
          vastcheck simulate --fire "https://ads.example.com/vast?pos=pre"

        EXIT CODES: 0 played, 1 no ad, an ad that cannot be played, or an input the lifecycle refused,
        2 the source could not be read, 64 usage error.

        """
}
