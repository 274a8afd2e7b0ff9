import AdEngine
import AdPlacement
import AdResolution
import Creatives
import FoundationEssentials
import VAST

/// `vastcheck getad --settings FILE --request FILE [options]`: one getAd (or getBottomBannerAd) through
/// the real engine, to see why a slot stays empty; with `--scenario FILE`, several presentations and their
/// requests in one engine (``GetAdScenario``).
struct GetAdCommand: Command {
    static let name = "getad"
    static let settings = Option("--settings", value: "FILE", help: "Tenant settings JSON (placements, sources, caps).")
    static let request = Option(
        "--request", value: "FILE", help: "AdRequestInfo JSON (placement, collection, item, consent, app, device...).")
    static let presentation = Option(
        "--presentation", value: "FILE",
        help:
            "ClipsAdConfiguration JSON ({\"preRollEnabled\": true, ...}); omitted means not opted in to Clips pre-roll "
            + "and bottom banner.")
    static let maxHeight = Option(
        "--max-height", value: "N",
        help: "Ask for a bottom banner at most N points high, 1 to 10000; a fraction is kept (50.5).")
    static let scenario = Option(
        "--scenario", value: "FILE",
        help:
            "Scenario JSON: open several presentations, view items, wait, reload, configure, close, and request "
            + "ads in each, in order (docs/presentations.md). --request is then the base of every request.")
    static let options: [Option] = [
        settings, request, presentation, maxHeight, scenario, .json, .format(OutputFormat.textOrJSON), .output,
        MediaOptions.creatives,
    ]

    let settingsPath: String
    /// The request; optional with a scenario, whose steps name the placement.
    let requestPath: String?
    let presentationPath: String?
    let scenarioPath: String?
    /// The banner's height in points, with its fraction.
    let maxHeight: Double?
    let json: Bool
    /// False with `--no-redact`: the engine's reports and this output then show private values.
    let redacts: Bool
    /// `--creatives DIR`: the engine waits for creatives, cached there.
    let creatives: CreativeSettings?

    init(_ arguments: Arguments) throws(UsageError) {
        guard arguments.positional.isEmpty else {
            throw UsageError("getad takes no positional arguments (got \(arguments.positional.joined(separator: " ")))")
        }
        guard let settings = arguments.value(Self.settings.name) else {
            throw UsageError("getad needs --settings FILE")
        }
        scenarioPath = arguments.value(Self.scenario.name)
        let request = arguments.value(Self.request.name)
        guard request != nil || scenarioPath != nil else { throw UsageError("getad needs --request FILE") }
        settingsPath = settings
        requestPath = request
        presentationPath = arguments.value(Self.presentation.name)
        maxHeight = try Self.points(arguments.value(Self.maxHeight.name))
        if scenarioPath != nil, presentationPath != nil || maxHeight != nil {
            throw UsageError(
                "--scenario names its own presentations and banner heights: drop --presentation and --max-height")
        }
        json = try arguments.format(OutputFormat.textOrJSON) == .json
        redacts = !arguments.flags.contains(Option.noRedact.name)
        creatives = arguments.value(MediaOptions.creatives.name).map {
            CreativeSettings(cache: CreativeCacheConfiguration(directory: $0))
        }
    }

    func run(_ console: Console) async -> ExitCode {
        let loader = console.loader()
        let settings: TenantSettings
        let request: AdRequestInfo?
        let presentation: ClipsAdConfiguration?
        let scenario: GetAdScenario?
        var what = "settings"
        var path = settingsPath
        do {
            settings = try TenantSettings(json: Data(try read(settingsPath, "settings", loader: loader)))
            if let requestPath { (what, path) = ("request", requestPath) }
            request = try requestPath.map {
                try JSONDecoder().decode(AdRequestInfo.self, from: Data(try read($0, "request", loader: loader)))
            }
            if let presentationPath { (what, path) = ("presentation", presentationPath) }
            presentation = try presentationPath.map {
                try JSONDecoder().decode(
                    ClipsAdConfiguration.self, from: Data(try read($0, "presentation", loader: loader)))
            }
            if let scenarioPath { (what, path) = ("scenario", scenarioPath) }
            scenario = try scenarioPath.map {
                try JSONDecoder().decode(GetAdScenario.self, from: Data(try read($0, "scenario", loader: loader)))
            }
        } catch let error as GetAdInputError {
            console.cannotRead(error.source, what: "the \(error.what) file")
            return .unreadable
        } catch let error as GetAdScenarioError {
            console.err(Self.usageError(UsageError("the scenario file \(path) asks too much: \(error.message)")))
            return .usage
        } catch {
            console.err(
                Terminal.escapeLines("vastcheck: the \(what) file \(path) is invalid: \(Self.describe(error))\n"))
            return .unreadable
        }
        let macros = VASTMacroContext()
        let console =
            redacts
            ? console.redacting(
                VASTMacroRedactor(
                    context: request?.applyingMacroValues(to: macros) ?? macros,
                    privateMacros: VASTMacroRedactor.identifyingMacros.union(settings.privateMacros)))
            : console
        let clock = ScenarioClock()
        // A scenario's time is its own (it moves only with `wait`); a single getAd runs on the wall clock.
        let now: @Sendable () -> Date
        if scenario == nil { now = { Date() } } else { now = { clock.now() } }
        let folder: TemporaryFolder
        let engine: AdEngine
        do {
            folder = try TemporaryFolder(purpose: "getad")
        } catch {
            console.err("vastcheck: cannot make the temporary beacon store: \(error.message)\n")
            return .unreadable
        }
        defer { folder.remove() }
        do {
            engine = try AdEngine(
                configuration: AdEngineConfiguration(
                    settings: settings, beaconStorePath: try folder.file("beacons.sqlite"), macros: macros,
                    clock: now, redactsPrivateValues: redacts, creatives: creatives))
        } catch let error as TemporaryFileError {
            console.err("vastcheck: cannot make the temporary beacon store: \(error.message)\n")
            return .unreadable
        } catch {
            console.err("vastcheck: \(error)\n")
            return .unreadable
        }
        if let scenario {
            let outcomes = await GetAdScenarioRun(engine: engine, clock: clock, base: request).run(scenario)
            let output = GetAdScenarioOutput(outcomes: outcomes)
            console.out(json ? output.json.pretty() + "\n" : Terminal.escapeLines(output.human))
            return output.refusedSteps == 0 ? .success : .invalid
        }
        // Without a scenario the request was required by the command line.
        guard let request else { return .usage }
        await engine.presentationStarted(presentation)
        let outcome: Result<Ad, AdEngineError>
        do throws(AdEngineError) {
            if let maxHeight {
                outcome = .success(try await engine.getBottomBannerAd(for: request, maxHeight: .init(maxHeight)))
            } else {
                outcome = .success(try await engine.getAd(for: request))
            }
        } catch {
            outcome = .failure(error)
        }
        let result = GetAdResult(outcome)
        console.out(json ? result.json.pretty() + "\n" : Terminal.escapeLines(result.human))
        return result.ad == nil ? .invalid : .success
    }

    /// `--max-height`: a number of points from 1 to 10,000, whole or not (NaN and infinities are not).
    private static func points(_ text: String?) throws(UsageError) -> Double? {
        guard let text else { return nil }
        guard let number = Double(text), number >= 1, number <= 10_000 else {
            throw UsageError("\(maxHeight.name) takes a number of points from 1 to 10000, not \"\(text)\"")
        }
        return number
    }

    private func read(_ path: String, _ what: String, loader: SourceLoader) throws(GetAdInputError) -> [UInt8] {
        do {
            return try loader.data(named: path)
        } catch {
            throw GetAdInputError(what: what, source: error)
        }
    }
}

/// A settings, request or presentation file that could not be read.
private struct GetAdInputError: Error {
    let what: String
    let source: SourceError
}
