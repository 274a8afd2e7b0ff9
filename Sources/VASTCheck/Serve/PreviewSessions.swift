import AdEngine
import AdLifecycle
import AdResolution
import AdSimulation
import AdTransport
import FoundationEssentials
import Synchronization
import VAST
import VASTServe

/// The live previews: one ``PreviewSession`` per played ad (at most ``capacity``, the oldest closed first),
/// and where their beacons go: the built-in ``BeaconCollector`` by default, the durable `BeaconDispatcher`
/// with `--send`.
actor PreviewSessions {
    /// The most sessions kept at once.
    static let capacity = 32
    let collector = BeaconCollector()
    private let redactor: VASTMacroRedactor
    private let macros: VASTMacroContext
    private let delivery: PreviewDelivery
    private var sessions: [(id: String, preview: PreviewSession)] = []

    init(send: Bool, redactor: VASTMacroRedactor, macros: VASTMacroContext) {
        self.redactor = redactor
        self.macros = macros
        delivery = PreviewDelivery(send: send, collector: collector)
    }

    /// `POST /api/session` `{"source": ...}`: resolves the source, makes the session of its first ad's
    /// Linear and answers `{"session","adTitle","mediaFile":{"url","type"},"durationMs","clickThrough",
    /// "companions":[{"index","image","clickThrough","width","height"}]}`; 422 when nothing can play.
    func start(_ request: ServerRequest, limiter: WorkLimiter) async -> ServerResponse {
        guard let source = InspectorSource(json: request.body) else {
            return .refused(400, "bad request: send {\"source\": \"<a tag URL (http or https) or the XML>\"} as JSON")
        }
        let macros = macros
        guard let loaded = await limiter.run({ await Self.load(source, macros: macros) }) else {
            return .refused(503, "busy: too many documents are being checked; try again")
        }
        guard case .resolved(let resolution, _) = loaded else {
            if case .unreadable(let reason) = loaded { return Self.unplayable("cannot read \(reason)") }
            return Self.unplayable("cannot read the source")
        }
        guard let ad = resolution.ads.first else {
            return Self.unplayable("no ad: \(InspectSource.noAdMessage(resolution))")
        }
        guard let creativeIndex = ad.inLine.creatives.firstIndex(where: { $0.linear != nil }),
            let mediaFile = Simulation.chosenMediaFile(of: ad)
        else {
            return Self.unplayable("the ad has no Linear with a media file a browser plays (video/mp4, video/webm)")
        }
        let id = String(Inspector.randomToken().prefix(24))
        let outlet = PreviewOutlet()
        let session: AdSession
        do throws(SessionError) {
            session = try AdSession(
                ad: ad, creative: .linear(creative: creativeIndex, assetURI: mediaFile.url),
                configuration: AdSessionConfiguration(adInstanceID: "serve-" + id, macros: macros),
                beaconSink: { [delivery, redactor] requests in
                    guard let preview = outlet.preview else { return }
                    delivery.deliver(requests, of: preview, redactor: redactor)
                })
        } catch {
            return Self.unplayable("cannot make the session: \(error.message)")
        }
        let preview = PreviewSession(id: id, session: session)
        outlet.preview = preview
        sessions.append((id, preview))
        if sessions.count > Self.capacity { sessions.removeFirst().preview.close() }
        return .text(
            Self.description(of: preview, ad: ad, mediaFile: mediaFile).pretty() + "\n", contentType: Inspector.json)
    }

    /// `POST /api/session/event` `{"session","seq","type","position","duration","muted","fullscreen","x","y",
    /// "companion","code"}`: the page's `<video>` event, as the session's inputs. Answers `{"inputs":[...],
    /// "refused":[...]}` (an input the session refuses is reported, not an error).
    func event(_ request: ServerRequest) async -> ServerResponse {
        guard let body = InspectorJSON.object(request.body), let id = body["session"] as? String,
            let type = body["type"] as? String
        else { return .refused(400, "bad request: send {\"session\", \"type\", ...} as JSON") }
        guard let preview = sessions.first(where: { $0.id == id })?.preview else {
            return .refused(404, "not found: no such session")
        }
        let inputs = PlayerEvent(type: type, body: body).inputs(for: preview)
        preview.cause = (body["seq"] as? Int) ?? 0
        var refused: [JSON] = []
        for input in inputs {
            do throws(SessionError) {
                try preview.session.send(input)
            } catch {
                refused.append(JSON.string("\(input.name): \(error)"))
            }
        }
        return .text(
            JSON.object([("inputs", .array(inputs.map { .string($0.name) })), ("refused", .array(refused))]).pretty()
                + "\n", contentType: Inspector.json)
    }

    /// `GET /api/events?session=ID`: the session's beacons as server-sent events (`event: beacon`, then
    /// `event: delivery` as each result comes), those fired before the stream opened first.
    func events(_ request: ServerRequest) -> ServerResponse {
        guard let id = request.query["session"], let preview = sessions.first(where: { $0.id == id })?.preview else {
            return .refused(404, "not found: no such session")
        }
        return ServerResponse(
            status: 200, headers: [("Content-Type", "text/event-stream"), ("X-Accel-Buffering", "no")],
            body: .events(preview.openStream()))
    }

    /// `GET /api/collector[?session=ID]`: `{"requests":[{"session","event","url","hop"}]}`, oldest first,
    /// URLs redacted.
    func collectorResponse(_ request: ServerRequest) -> ServerResponse {
        let requests = collector.recorded(session: request.query["session"]).map { collected in
            JSON.object([
                ("session", .string(collected.session)), ("event", .string(collected.event)),
                ("url", .string(redactor.redact(collected.url))), ("hop", .int(collected.hop)),
            ])
        }
        return .text(JSON.object([("requests", .array(requests))]).pretty() + "\n", contentType: Inspector.json)
    }

    /// Ends every session's streams and the dispatcher.
    func closeAll() async {
        for (_, preview) in sessions { preview.close() }
        sessions = []
        await delivery.close()
    }

    private static func load(_ source: InspectorSource, macros: VASTMacroContext) async -> InspectSource.Loaded {
        let (name, input) = source.argument
        guard let arguments = try? Arguments([name], options: InspectCommand.allOptions),
            let inspectSource = try? InspectSource(arguments, command: "serve")
        else { return .unreadable("the source") }
        let console = Console(
            out: { _ in }, err: { _ in }, standardInput: .bytes(input), outputIsTerminal: false, environment: [:])
        return await inspectSource.load(console: console, fireErrors: false, macros: macros)
    }

    private static func unplayable(_ reason: String) -> ServerResponse {
        .text(JSON.object([("error", .string(reason))]).pretty() + "\n", status: 422, contentType: Inspector.json)
    }

    private static func description(of preview: PreviewSession, ad: ResolvedAd, mediaFile: VASTMediaFile) -> JSON {
        let companions = preview.session.companions.enumerated().map { index, shown -> JSON in
            let image = shown.companion.resources.lazy.compactMap { resource -> String? in
                if case .staticResource(_, let url) = resource { return url }
                return nil
            }.first
            return .object(
                [("index", .int(index))] + (image.map { [("image", .string($0))] } ?? [])
                    + (shown.companion.clickThrough.map { [("clickThrough", .string($0))] } ?? [])
                    + (shown.companion.width.map { [("width", .int($0))] } ?? [])
                    + (shown.companion.height.map { [("height", .int($0))] } ?? []))
        }
        let linear = ad.inLine.creatives.lazy.compactMap(\.linear).first
        var members: [(String, JSON)] = [
            ("session", .string(preview.id)),
            ("adTitle", ad.inLine.adTitle.map(JSON.string) ?? .null),
            ("mediaFile", .object([("url", .string(mediaFile.url)), ("type", .string(mediaFile.type ?? ""))])),
            ("durationMs", linear?.duration.map { .int($0.milliseconds) } ?? .null),
        ]
        if let click = linear?.videoClicks?.clickThrough?.url { members.append(("clickThrough", .string(click))) }
        members.append(("companions", .array(companions)))
        return .object(members)
    }
}

/// The session a beacon sink belongs to, set right after the session is made (the sink is given first).
private final class PreviewOutlet: Sendable {
    private let held = Mutex<PreviewSession?>(nil)

    var preview: PreviewSession? {
        get { held.withLock { $0 } }
        set { held.withLock { $0 = newValue } }
    }
}
