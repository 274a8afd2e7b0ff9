import AdEngine
import AdPlacement
import AdResolution
import Foundation
import VAST

/// `vastcheck getad --settings FILE --request FILE [options]`: one getAd (or getBottomBannerAd) through
/// the real engine, to see why a slot stays empty.
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
        "--max-height", value: "N", help: "Ask for a bottom banner at most N high, 1 to 10000.")
    static let options: [Option] = [
        settings, request, presentation, maxHeight, .json, .format(OutputFormat.textOrJSON), .output,
    ]

    let settingsPath: String
    let requestPath: String
    let presentationPath: String?
    let maxHeight: Int?
    let json: Bool
    /// False with `--no-redact`: the engine's reports and this output then show private values.
    let redacts: Bool

    init(_ arguments: Arguments) throws(UsageError) {
        guard arguments.positional.isEmpty else {
            throw UsageError("getad takes no positional arguments (got \(arguments.positional.joined(separator: " ")))")
        }
        guard let settings = arguments.value(Self.settings.name) else {
            throw UsageError("getad needs --settings FILE")
        }
        guard let request = arguments.value(Self.request.name) else { throw UsageError("getad needs --request FILE") }
        settingsPath = settings
        requestPath = request
        presentationPath = arguments.value(Self.presentation.name)
        maxHeight = try arguments.integer(Self.maxHeight.name, in: 1...10_000)
        json = try arguments.format(OutputFormat.textOrJSON) == .json
        redacts = !arguments.flags.contains(Option.noRedact.name)
    }

    func run(_ console: Console) async -> ExitCode {
        let loader = console.loader()
        let settings: TenantSettings
        let request: AdRequestInfo
        let presentation: ClipsAdConfiguration?
        var what = "settings"
        var path = settingsPath
        do {
            settings = try TenantSettings(json: Data(try read(settingsPath, "settings", loader: loader)))
            (what, path) = ("request", requestPath)
            request = try JSONDecoder().decode(
                AdRequestInfo.self, from: Data(try read(requestPath, "request", loader: loader)))
            if let presentationPath { (what, path) = ("presentation", presentationPath) }
            presentation = try presentationPath.map {
                try JSONDecoder().decode(
                    ClipsAdConfiguration.self, from: Data(try read($0, "presentation", loader: loader)))
            }
        } catch let error as GetAdInputError {
            console.cannotRead(error.source, what: "the \(error.what) file")
            return .unreadable
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
                    context: request.applyingMacroValues(to: macros),
                    privateMacros: VASTMacroRedactor.identifyingMacros.union(settings.privateMacros)))
            : console
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
                    redactsPrivateValues: redacts))
        } catch let error as TemporaryFileError {
            console.err("vastcheck: cannot make the temporary beacon store: \(error.message)\n")
            return .unreadable
        } catch {
            console.err("vastcheck: \(error)\n")
            return .unreadable
        }
        await engine.presentationStarted(presentation)
        let outcome: Result<Ad, AdEngineError>
        do throws(AdEngineError) {
            if let maxHeight {
                outcome = .success(try await engine.getBottomBannerAd(for: request, maxHeight: maxHeight))
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

/// The decision, the report and the ad (or the error) of one getAd, for people and for JSON.
struct GetAdResult {
    let decision: PlacementDecision?
    let report: MediationReport?
    let ad: Ad?
    let error: AdEngineError?

    init(_ outcome: Result<Ad, AdEngineError>) {
        switch outcome {
        case .success(let ad):
            (decision, report, self.ad, error) = (ad.decision, ad.report, ad, nil)
        case .failure(let failure):
            (decision, report, ad, error) = (failure.decision, failure.report, nil, failure)
        }
    }

    /// `{"decision":{"allowed","reason","message"},"report":[{"source","tier","ms","outcome","errorCode"?,"price"?,
    /// "message","url"?}],
    /// "ad":{"id","creativeId","mediaFile"?,"banner":{"width","height"}?}?,"error":{"kind","message","vastErrorCode"?}?}`
    var json: JSON {
        var members: [(String, JSON)] = []
        if let decision {
            members.append(
                (
                    "decision",
                    .object([
                        ("allowed", .bool(decision.allowed)),
                        ("reason", .string(decision.reason.rawValue)),
                        ("message", .string(decision.message)),
                    ])
                ))
        } else {
            members.append(("decision", .null))
        }
        members.append(
            (
                "report",
                .array(
                    (report?.sources ?? []).map { source in
                        var row: [(String, JSON)] = [
                            ("source", .string(source.source)), ("tier", .int(source.tier)),
                            ("ms", .int(Int(source.milliseconds.rounded()))),
                            ("outcome", .string(source.outcome.rawValue)),
                        ]
                        if let code = source.errorCode { row.append(("errorCode", .int(code.rawValue))) }
                        if let price = source.price { row.append(("price", .string(String(price)))) }
                        row.append(("message", .string(source.message)))
                        if let url = source.url { row.append(("url", .string(url))) }
                        return .object(row)
                    })
            ))
        if let ad {
            var fields: [(String, JSON)] = [
                ("id", ad.id.map { .string($0) } ?? .null),
                ("creativeId", ad.creativeId.map { .string($0) } ?? .null),
                ("source", .string(ad.source)),
            ]
            if let file = ad.mediaFile {
                fields.append(
                    (
                        "mediaFile",
                        .object([
                            ("url", .string(file.url)), ("type", file.type.map { .string($0) } ?? .null),
                            ("width", file.width.map { .int($0) } ?? .null),
                            ("height", file.height.map { .int($0) } ?? .null),
                        ])
                    ))
            }
            if let banner = ad.banner {
                fields.append(
                    ("banner", .object([("width", .int(banner.size.width)), ("height", .int(banner.size.height))])))
            }
            members.append(("ad", .object(fields)))
        }
        if let error {
            var fields: [(String, JSON)] = [
                ("kind", .string(error.kind.rawValue)), ("message", .string(error.message)),
            ]
            if let code = error.vastErrorCode { fields.append(("vastErrorCode", .int(code.rawValue))) }
            members.append(("error", .object(fields)))
        }
        return .object(members)
    }

    var human: String {
        var text = ""
        if let decision {
            text +=
                "decision: \(decision.allowed ? "allowed" : "refused") (\(decision.reason.rawValue)) \(decision.message)\n"
        }
        for source in report?.sources ?? [] {
            text +=
                "  tier \(source.tier)  \(source.source)  \(source.outcome.rawValue)  \(Int(source.milliseconds.rounded())) ms"
            if let code = source.errorCode { text += "  VAST \(code.rawValue)" }
            if !source.message.isEmpty { text += "  \(source.message)" }
            text += "\n"
        }
        if let ad {
            text += "ad: \(ad.id ?? "?") creative \(ad.creativeId ?? "?") from \(ad.source)"
            if let file = ad.mediaFile { text += "  media \(file.url)" }
            if let banner = ad.banner { text += "  banner \(banner.size.width)x\(banner.size.height)" }
            text += "\n"
        }
        if let error { text += "no ad: \(error.kind.rawValue): \(error.message)\n" }
        return text
    }
}
