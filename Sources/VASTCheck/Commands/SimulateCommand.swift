import AdEngine
import AdLifecycle
import AdResolution
import AdSimulation
import AdTransport
import FoundationEssentials
import VAST

/// `vastcheck simulate [options] SOURCE` (the options are in ``options``):
/// drives a real `AdSession` as a virtual player (the AdSimulation library) and prints the beacon timeline.
struct SimulateCommand: Command {
    static let name = "simulate"
    static var options: [Option] {
        [Option.duration] + timeOptions.map(\.0) + [SimulateOptions.exposure] + MacroProfile.options
            + [SimulateOptions.fire, .json, .format(OutputFormat.textOrJSON), .output]
            + [.timeout, .maxDepth, .maxBytes, .follow] + [MediaOptions.creatives]
    }

    /// The options that take a time on the simulation clock, and where each goes.
    private static var timeOptions: [(Option, WritableKeyPath<SimulationOptions, Double?>)] {
        [
            (SimulateOptions.pauseAt, \.pauseAt), (SimulateOptions.resumeAt, \.resumeAt),
            (SimulateOptions.seekTo, \.seekTo),
            (SimulateOptions.seekAt, \.seekAt), (SimulateOptions.skipAt, \.skipAt),
            (SimulateOptions.clickAt, \.clickAt),
            (SimulateOptions.muteAt, \.muteAt), (SimulateOptions.fullscreenAt, \.fullscreenAt),
            (SimulateOptions.failAt, \.failAt), (SimulateOptions.acceptAt, \.acceptAt),
            (SimulateOptions.expandAt, \.expandAt), (SimulateOptions.collapseAt, \.collapseAt),
            (SimulateOptions.minimizeAt, \.minimizeAt), (SimulateOptions.closeAt, \.closeAt),
        ]
    }

    let source: InspectSource
    let json: Bool
    let fire: Bool
    let profile: MacroProfile
    let options: SimulationOptions
    /// `--creatives DIR`: the chosen media file is downloaded into a cache there and probed before the play.
    let creatives: String?

    init(_ arguments: Arguments) throws(UsageError) {
        var options = SimulationOptions()
        if let duration = try Self.seconds(arguments, "--duration") {
            guard duration > 0 else {
                throw UsageError(
                    "--duration takes a number of seconds above 0, not \"\(arguments.value("--duration") ?? "")\"")
            }
            options.duration = duration
        }
        for (option, path) in Self.timeOptions { options[keyPath: path] = try Self.seconds(arguments, option.name) }
        if let resume = options.resumeAt {
            guard let pause = options.pauseAt else {
                throw UsageError("--resume-at needs --pause-at (there is nothing to resume)")
            }
            guard resume > pause else {
                throw UsageError(
                    "--resume-at (\(SimulationFormat.seconds(resume))) must come after --pause-at (\(SimulationFormat.seconds(pause)))"
                )
            }
        }
        if options.seekAt != nil, options.seekTo == nil {
            throw UsageError("--seek-at needs --seek-to (where to seek)")
        }
        if let text = arguments.value("--exposure") {
            guard let percent = Double(text), percent.isFinite, percent >= 0, percent <= 100 else {
                throw UsageError("--exposure takes a percentage from 0 to 100, not \"\(text)\"")
            }
            options.exposure = percent
        }
        self.options = options
        profile = try MacroProfile(arguments)
        source = try InspectSource(arguments, command: "simulate")
        json = try arguments.format(OutputFormat.textOrJSON) == .json
        fire = arguments.flags.contains(SimulateOptions.fire.name)
        creatives = arguments.value(MediaOptions.creatives.name)
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
        switch await source.load(console: console, fireErrors: fire, macros: profile.context) {
        case .unreadable(let reason):
            console.err(Terminal.escapeLines("vastcheck: cannot read \(reason)") + "\n")
            return .unreadable
        case .resolved(let resolved, let httpClient):
            resolution = resolved
            client = httpClient
        }
        guard let ad = resolution.ads.first else {
            return fail("no ad: \(InspectSource.noAdMessage(resolution))", console: console)
        }
        var options = options
        if let creatives {
            switch await SimulatedCreative.load(ad, cacheFolder: creatives, client: client, console: console) {
            case .success(let seconds): options.duration = options.duration ?? seconds
            case .failure(let refusal): return fail("the ad will not play: \(refusal)", console: console)
            }
        }
        let played: Played
        do throws(SimulationError) {
            played =
                resolution.ads.count > 1
                ? try playBreak(resolution.ads, options: options, console: console)
                : try play(ad, options: options, console: console)
        } catch {
            return fail(
                "cannot simulate the \(resolution.ads.count > 1 ? "pod" : "ad"): \(error.message)", console: console)
        }
        if json {
            for (prefix, note) in played.refused {
                console.err(
                    Terminal.escapeLines(
                        "vastcheck: \(prefix)\(note.input) at \(SimulationFormat.seconds(note.clock)) s refused: "
                            + "\(note.error?.description ?? "")") + "\n")
            }
        }
        // The verdict is what would play: an ad of the response that will not play fails the run (inspect,
        // validate and report say the same), whether the resolution or the break gave it up.
        for failed in resolution.failedAds {
            console.err(
                Terminal.escapeLines(
                    "vastcheck: \(failed.ad.id.map { "ad \($0)" } ?? "an ad") at hop \(failed.hop) \(failed.location) will not "
                        + "play: \(failed.failure.code.map { "VAST error \($0.rawValue)" } ?? failed.failure.named), "
                        + failed.failure.message) + "\n")
        }
        for line in played.skipped { console.err(Terminal.escapeLines("vastcheck: " + line) + "\n") }
        if fire {
            await send(played.timeline, client: client, console: console)
        } else if !json {
            console.out("Nothing was sent (--fire sends the beacons).\n")
        }
        let failed = !played.refused.isEmpty || !resolution.failedAds.isEmpty || !played.skipped.isEmpty
        return failed ? .invalid : .success
    }

    /// What a simulation played, as the rest of the run needs it.
    private struct Played {
        /// Every beacon, in firing order.
        var timeline: [TimelineEntry]
        /// The inputs a session refused, each with what names its ad in a break (`ad 2 of 3: `).
        var refused: [(String, SimulationNote)]
        /// A line per ad the break skipped.
        var skipped: [String] = []
    }

    /// Plays the one ad of a response (its Linear, or a NonLinear overlay) and writes its timeline.
    private func play(_ ad: ResolvedAd, options: SimulationOptions, console: Console) throws(SimulationError) -> Played
    {
        let result = try Simulation.simulate(ad, options: options, macros: profile.context, start: profile.start)
        console.out(
            json
                ? SimulationOutput.json(result.timeline)
                : Terminal.escapeLines(SimulationOutput.text(result, source: source.name, ad: ad)))
        return Played(timeline: result.timeline, refused: result.errors.map { ("", $0) })
    }

    /// Plays a pod as one break (``BreakSimulation``) and writes its timeline.
    private func playBreak(
        _ ads: [ResolvedAd], options: SimulationOptions, console: Console
    ) throws(SimulationError) -> Played {
        let simulation = try BreakSimulation.run(ads, options: options, macros: profile.context, start: profile.start)
        console.out(
            json
                ? SimulationOutput.json(simulation)
                : Terminal.escapeLines(SimulationOutput.text(simulation, source: source.name)))
        let count = ads.count
        return Played(
            timeline: simulation.timeline.map(\.entry),
            refused: simulation.slots.flatMap { slot in
                slot.notes.filter { $0.error != nil }.map { ("ad \(slot.position) of \(count): ", $0) }
            },
            skipped: simulation.slots.compactMap { slot in
                slot.skipped.map { code in
                    "ad \(slot.position) of \(count)\(slot.ad.ad.id.map { " \"\($0)\"" } ?? "") (InLine at hop "
                        + "\(slot.ad.hop)) will not play: the break skipped it with VAST \(code.named)"
                }
            })
    }

    private func fail(_ message: String, console: Console) -> ExitCode {
        if json { console.out("[]\n") }
        console.err(Terminal.escapeLines("vastcheck: \(message)") + "\n")
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
        let summary =
            "Sent \(timeline.count) beacon\(timeline.count == 1 ? "" : "s"): "
            + "\(timeline.count - failures.count) accepted, \(failures.count) failed.\n"
        var details = ""
        for failure in failures {
            details +=
                "  \(failure.beacon.event)  \(failure.beacon.url)  \(failure.error.map { "\($0.code): \($0.message)" } ?? "")\n"
        }
        if json {
            if !failures.isEmpty { console.err("vastcheck: " + summary + details) }
        } else {
            console.out(summary + details)
        }
    }
}
