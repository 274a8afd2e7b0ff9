// An app SDK's use of AdEngine, with nothing but the public API: an engine from settings JSON, a Clips
// presentation, an opening pre-roll and a bottom banner, each ad driven through its AdSession as a player
// and view hierarchy would (a click, fullscreen, exposure reports); then the same pre-roll twice more, once
// through its AdSession and once through the DT Exchange-style controllers, which must fire the same
// beacons in the same order; then flush() and what the ad server received.
//
//   example-host --preroll-tag URL --banner-tag URL --beacon-log URL [--store PATH]
//
// The tags are VAST tag URLs (the loopback test server's /doc/... routes in the tests); --beacon-log is the
// server's GET /beacons, read after flush() to print what arrived, in arrival order. The ads are played by
// AdSimulation's VirtualPlayer on a VirtualClock (it advances as the playback reports, only at the moments
// something can happen), so the 20 s pre-roll plays at once; the engine's own clock and the delivery are real.
import AdEngine
import AdLifecycle
import AdPlacement
import AdSimulation
import AdTransport
import Foundation

/// The command line, read strictly: every option once, every URL given.
struct Options {
    var prerollTag = ""
    var bannerTag = ""
    var beaconLog = ""
    var store = FileManager.default.temporaryDirectory.appendingPathComponent(
        "example-host-\(UUID().uuidString).sqlite"
    ).path

    init(_ arguments: [String]) throws {
        var rest = arguments[...]
        while let name = rest.popFirst() {
            guard let value = rest.popFirst() else { throw ExampleError("\(name) needs a value") }
            switch name {
            case "--preroll-tag": prerollTag = value
            case "--banner-tag": bannerTag = value
            case "--beacon-log": beaconLog = value
            case "--store": store = value
            default: throw ExampleError("unknown option \(name)")
            }
        }
        for (name, value) in [("--preroll-tag", prerollTag), ("--banner-tag", bannerTag), ("--beacon-log", beaconLog)]
        where value.isEmpty {
            throw ExampleError("missing \(name) URL")
        }
    }
}

struct ExampleError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

func settingsJSON(_ options: Options) -> String {
    """
    {"tenantId": "example",
     "placements": {
       "clipsPreRoll": {"enabled": true,
         "sources": [{"name": "exchange", "tier": 0, "kind": "tag", "timeoutMs": 3000, "url": "\(options.prerollTag)"}]},
       "clipsBottomBanner": {"enabled": true,
         "sources": [{"name": "house", "tier": 0, "kind": "tag", "timeoutMs": 3000, "url": "\(options.bannerTag)"}]}}}
    """
}

func log(_ text: String) { print(text) }

func run() async throws {
    let options = try Options(Array(CommandLine.arguments.dropFirst()))
    let engine = try AdEngine(
        configuration: AdEngineConfiguration(
            settings: try TenantSettings(json: settingsJSON(options)), beaconStorePath: options.store))
    let analytics = Task {
        var names: [String] = []
        for await event in engine.events {
            if case .beacon = event.kind { continue }
            names.append("\(event.kind)".components(separatedBy: "(").first ?? "")
            if case .viewability = event.kind, names.filter({ $0 == "viewability" }).count == 2 { break }
        }
        return names
    }
    await engine.presentationStarted(ClipsAdConfiguration(preRollEnabled: true, bottomBannerEnabled: true))
    let started = Date()

    // The opening pre-roll: the player starts with the ad fully on screen, the app presents it fullscreen,
    // the user clicks at 7.5 s and leaves fullscreen at 18 s, and it plays to the end inline.
    let preRoll = try await engine.getAd(
        for: AdRequestInfo(
            placement: .clipsPreRoll, collectionId: "clips-home", itemId: "clip-1",
            playerSize: AdSize(width: 390, height: 844)))
    log("pre-roll \(preRoll.id ?? "?") from \(preRoll.source): \(preRoll.mediaFile?.url ?? "no media")")
    let clock = VirtualClock(Date())
    var player = VirtualPlayer(playing: try preRoll.makeSession(clock: clock.read), clock: clock)
    try player.begin(exposure: 100, duration: 20)
    try player.play([
        PlayerInput(at: 0, .presentFullscreen),
        PlayerInput(at: 7.5, .click(at: ClickPoint(x: 195, y: 420))),
        PlayerInput(at: 18, .dismissFullscreen),
    ])
    for note in player.notes {
        if let error = note.error { throw ExampleError("the session refused \(note.input): \(error.message)") }
    }
    for case .callback(.unit(.clicked(let url))) in player.events { log("click opens \(url ?? "nothing")") }

    // The bottom banner under the feed, at most 60 pt high, on screen at 80 % for 1.2 s.
    let banner = try await engine.getBottomBannerAd(
        for: AdRequestInfo(
            placement: .clipsBottomBanner, collectionId: "clips-home", itemId: "clip-1",
            playerSize: AdSize(width: 390, height: 844)), maxHeight: 60)
    log("banner \(banner.id ?? "?"): \(banner.banner.map { "\($0.size.width)x\($0.size.height)" } ?? "?")")
    var bannerPlayer = VirtualPlayer(playing: try banner.makeSession(clock: clock.read), clock: clock)
    try bannerPlayer.begin(exposure: 80)
    try bannerPlayer.wait(1.2)
    try bannerPlayer.end()

    // One way to play an ad: two more players open, each with its opening pre-roll; one plays it through
    // its AdSession, the other through the unit and video controllers an app migrating from DT Exchange
    // keeps, with the same reports. Both fire the same beacons in the same order.
    var fired: [[String]] = []
    for viaControllers in [false, true] {
        let player = try await engine.openPresentation(
            .clips, configuration: ClipsAdConfiguration(preRollEnabled: true))
        let ad = try await engine.getAd(
            for: AdRequestInfo(
                placement: .clipsPreRoll, collectionId: "clips-home", itemId: "clip-2",
                playerSize: AdSize(width: 390, height: 844)),
            in: player)
        let events =
            viaControllers ? try await MainActor.run { try playThroughControllers(ad) } : try playThroughSession(ad)
        fired.append(events.compactMap(\.beacon).map(\.url))
        try await engine.closePresentation(player)
    }
    log(
        "session and controllers fired the same \(fired[0].count) beacons in the same order: "
            + (fired[0] == fired[1] ? "yes" : "no"))
    guard fired[0] == fired[1] else { throw ExampleError("the session and the controllers fired other beacons") }

    let flushed = await engine.flush(deadline: .now + .seconds(10))
    let flushedAt = Date()
    log("flush: \(flushed ? "everything delivered" : "deadline passed")")
    log("analytics: " + (await analytics.value).joined(separator: ", "))

    let client = try HTTPClient()
    let body = try await client.fetch(HTTPRequest(url: options.beaconLog), timeout: .seconds(5)).body
    let beacons = (try JSONSerialization.jsonObject(with: Data(body)) as? [[String: Any]]) ?? []
    log("the ad server received \(beacons.count) beacons, in arrival order:")
    var last = started.timeIntervalSince1970
    for beacon in beacons {
        let path = beacon["path"] as? String ?? "?"
        let query = (beacon["query"] as? String).flatMap { $0.isEmpty ? nil : "?" + $0 } ?? ""
        let arrival = beacon["t"] as? Double ?? 0
        last = max(last, arrival)
        log(String(format: "  %7.1f ms  %@", (arrival - started.timeIntervalSince1970) * 1000, path + query))
    }
    log(
        String(
            format: "getad_to_last_beacon_ms=%.1f getad_to_flush_ms=%.1f",
            (last - started.timeIntervalSince1970) * 1000, flushedAt.timeIntervalSince(started) * 1000))
    await engine.close()
    for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: options.store + suffix) }
    guard flushed else { throw ExampleError("flush did not finish by its deadline") }
}

/// The pre-roll's play as the app's player reports it, through the ad's session: the impression, the
/// player starting without knowing the duration (quartiles come from the VAST `<Duration>`), fullscreen
/// presented, a click at 7.5 s, fullscreen dismissed at 18 s, completion.
func playThroughSession(_ ad: Ad) throws -> [SessionEvent] {
    let session = try ad.makeSession()
    var events = try session.send(.unit(.impressionRendered))
    events += try session.send(.video(.progressed(positionMs: 0, durationMs: nil)))
    events += try session.send(.unit(.fullscreenRequested(hostAvailable: true)))
    events += try session.send(.unit(.fullscreenPresented))
    for position in [5_000, 7_500] {
        events += try session.send(.video(.progressed(positionMs: position, durationMs: nil)))
    }
    events += try session.send(.unit(.clicked(position: ClickPoint(x: 195, y: 420), playheadMs: nil)))
    for position in [10_000, 15_000, 18_000] {
        events += try session.send(.video(.progressed(positionMs: position, durationMs: nil)))
    }
    events += try session.send(.unit(.fullscreenDismissRequested))
    events += try session.send(.unit(.fullscreenDismissed))
    events += try session.send(.video(.progressed(positionMs: 20_000, durationMs: nil)))
    events += try session.send(.video(.playbackCompleted))
    return events
}

/// The same play through the controllers (views of the ad's one session), as a DT Exchange app calls them.
@MainActor
func playThroughControllers(_ ad: Ad) throws -> [SessionEvent] {
    let host = FullscreenHost()
    let unit = try ad.makeUnitController(delegate: host)
    let video = try ad.makeVideoController()
    var events = try unit.send(.impressionRendered)
    events += try video.send(.progressed(positionMs: 0, durationMs: nil))
    events += try unit.send(.fullscreenRequested(hostAvailable: host.presentationHost(for: unit) != nil))
    events += try unit.send(.fullscreenPresented)
    for position in [5_000, 7_500] { events += try video.send(.progressed(positionMs: position, durationMs: nil)) }
    events += try unit.send(.clicked(position: ClickPoint(x: 195, y: 420), playheadMs: nil))
    for position in [10_000, 15_000, 18_000] {
        events += try video.send(.progressed(positionMs: position, durationMs: nil))
    }
    events += try unit.send(.fullscreenDismissRequested)
    events += try unit.send(.fullscreenDismissed)
    events += try video.send(.progressed(positionMs: 20_000, durationMs: nil))
    events += try video.send(.playbackCompleted)
    return events
}

/// The app's view controller, as the unit controller's delegate: it has a view to present fullscreen from.
@MainActor
final class FullscreenHost: UnitControllerDelegate {
    final class Host: PresentationHost {}
    let host = Host()
    func presentationHost(for controller: UnitController) -> (any PresentationHost)? { host }
}

do {
    try await run()
} catch {
    FileHandle.standardError.write(Data("example-host: \(error)\n".utf8))
    exit(1)
}
