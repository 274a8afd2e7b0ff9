import AdEngine
import AdLifecycle
import AdPlacement
import AdTransport
import Foundation
import TestSupport
import Testing
import VAST

/// Pods through the engine: each ad of a break plays the media file the player would play (the engine's
/// supported MIME types, closest to the request's player size), which fills its `[ASSETURI]`; an ad with
/// no supported file fails its slot with 403 to its Error URL and the break goes on (VAST 4.3 section
/// 3.3.1: a buffet ad, else the next pod ad). Against the real dispatcher and the loopback server.
@Suite(.serialized) struct AdEngineBreakTests {
    let server: TestServer
    let scratch: ScratchFolder

    init() throws {
        server = try TestServer()
        scratch = try ScratchFolder("engine-break")
    }

    private func engine(tag: String) throws -> AdEngine {
        try AdEngine(
            configuration: AdEngineConfiguration(
                settings: TenantSettings(
                    tenantId: "test",
                    placements: [
                        .clipsBetweenItems: PlacementSettings(
                            enabled: true,
                            sources: [
                                PlacementSourceSettings(
                                    name: "main", tier: 0, kind: .tag(urlTemplate: tag), timeoutMilliseconds: 2_000)
                            ])
                    ]),
                beaconStorePath: scratch.url.appendingPathComponent("beacons-\(UUID().uuidString).sqlite").path))
    }

    /// A 10 s ad whose Impression, start and Error carry `[ASSETURI]`, `[PODSEQUENCE]` and `[ERRORCODE]`.
    static func ad(_ id: String, sequence: Int?, files: [(type: String, width: Int, height: Int, name: String)])
        -> String
    {
        let media = files.map { file in
            """
            <MediaFile delivery="progressive" type="\(file.type)" width="\(file.width)" height="\(file.height)">\
            <![CDATA[{{BASE_URL}}/media/\(file.name)]]></MediaFile>
            """
        }.joined()
        return """
            <Ad id="\(id)"\(sequence.map { " sequence=\"\($0)\"" } ?? "")><InLine><AdSystem>test</AdSystem>
            <Error><![CDATA[{{BASE_URL}}/beacon/\(id)/error?code=[ERRORCODE]&pod=[PODSEQUENCE]]]></Error>
            <Impression><![CDATA[{{BASE_URL}}/beacon/\(id)/impression?asset=[ASSETURI]]]></Impression>
            <AdServingId>\(id)</AdServingId><AdTitle>\(id)</AdTitle>
            <Creatives><Creative id="\(id)-linear"><UniversalAdId idRegistry="Ad-ID">\(id)</UniversalAdId><Linear>
            <Duration>00:00:10</Duration><TrackingEvents>
            <Tracking event="start"><![CDATA[{{BASE_URL}}/beacon/\(id)/start?asset=[ASSETURI]&pod=[PODSEQUENCE]]]></Tracking>
            </TrackingEvents><MediaFiles>\(media)</MediaFiles></Linear></Creative></Creatives></InLine></Ad>
            """
    }

    /// Ad 1 has two MP4s (640x360 is closer to the 400x800 player than 1280x720); ad 2 only Flash video,
    /// which the engine does not play; ad 3 a QuickTime and a WebM (the WebM is the supported one).
    static var pod: String {
        """
        <VAST version="4.2" xmlns="http://www.iab.com/VAST">\
        \(ad("pod3", sequence: 3, files: [("video/quicktime", 400, 800, "pod3.mov"), ("video/webm", 640, 360, "pod3.webm")]))\
        \(ad("pod1", sequence: 1, files: [("video/mp4", 1280, 720, "pod1-720.mp4"), ("video/mp4", 640, 360, "pod1-360.mp4")]))\
        \(ad("pod2", sequence: 2, files: [("video/x-flv", 640, 360, "pod2.flv")]))\
        </VAST>
        """
    }

    /// `[ASSETURI]` as RFC 3986 encodes a URL in a query value (only unreserved characters stay).
    func encoded(_ path: String) -> String {
        var unreserved = CharacterSet(charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
        unreserved.insert(charactersIn: "-._~")
        return (server.baseURL + path).addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }

    private func request() -> AdRequestInfo {
        AdRequestInfo(
            placement: .clipsBetweenItems, collectionId: "home", itemId: "clip-1",
            playerSize: AdSize(width: 400, height: 800))
    }

    /// Plays every ad of `adBreak` from 0 to its end, and returns the break's own callbacks.
    private func playThrough(_ adBreak: AdBreak, ads: Int) throws -> [String] {
        var callbacks: [String] = []
        func record(_ events: [SessionEvent]) {
            for case .callback(let callback) in events {
                switch callback {
                case .adStarted(let position, let count): callbacks.append("adStarted \(position)/\(count)")
                case .adEnded(let position, let count): callbacks.append("adEnded \(position)/\(count)")
                case .breakStarted(let count): callbacks.append("breakStarted \(count)")
                case .breakEnded: callbacks.append("breakEnded")
                default: break
                }
            }
        }
        record(adBreak.start())
        for _ in 0..<ads {
            record(try adBreak.send(.video(.progressed(positionMs: 0, durationMs: nil))))
            record(try adBreak.send(.video(.playbackCompleted)))
        }
        return callbacks
    }

    @Test func eachPodAdPlaysTheFileThePlayerWouldAndOneWithNoSupportedFileFails403() async throws {
        try server.register("pod", body: Self.pod)
        let engine = try engine(tag: server.docURL("pod"))
        let ad = try await engine.getAd(for: request())
        #expect(ad.pod.map { $0.ad.id } == ["pod1", "pod2", "pod3"])
        #expect(ad.mediaFile?.url == server.baseURL + "/media/pod1-360.mp4")
        let callbacks = try playThrough(try ad.makeBreak(), ads: 2)
        #expect(
            callbacks == [
                "breakStarted 3", "adStarted 1/3", "adEnded 1/3", "adStarted 3/3", "adEnded 3/3", "breakEnded",
            ])
        #expect(await engine.flush(deadline: .now + .seconds(5)))
        #expect(
            try server.beacons().map(\.target).sorted() == [
                "/beacon/pod1/impression?asset=" + encoded("/media/pod1-360.mp4"),
                "/beacon/pod1/start?asset=" + encoded("/media/pod1-360.mp4") + "&pod=1",
                "/beacon/pod2/error?code=403&pod=2",
                "/beacon/pod3/impression?asset=" + encoded("/media/pod3.webm"),
                "/beacon/pod3/start?asset=" + encoded("/media/pod3.webm") + "&pod=3",
            ])
    }

    @Test func aBuffetAdFillsTheSlotOfThePodAdWithNoSupportedFile() async throws {
        try server.register("pod-buffet", body: Self.pod)
        let engine = try engine(tag: server.docURL("pod-buffet"))
        let ad = try await engine.getAd(for: request())
        let buffetText =
            "<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\">"
            + Self.ad("buffet", sequence: nil, files: [("video/mp4", 400, 800, "buffet.mp4")])
            .replacingOccurrences(of: "{{BASE_URL}}", with: server.baseURL) + "</VAST>"
        let parsed = try #require(try VASTParser().parse(buffetText).document.ads.first)
        let buffet = try #require(ResolvedAd(ad: parsed, hop: 0, chain: []))
        let callbacks = try playThrough(try ad.makeBreak(buffet: [buffet]), ads: 3)
        #expect(
            callbacks == [
                "breakStarted 3", "adStarted 1/3", "adEnded 1/3", "adStarted 2/3", "adEnded 2/3", "adStarted 3/3",
                "adEnded 3/3",
                "breakEnded",
            ])
        #expect(await engine.flush(deadline: .now + .seconds(5)))
        #expect(
            try server.beacons().map(\.target).sorted() == [
                "/beacon/buffet/impression?asset=" + encoded("/media/buffet.mp4"),
                "/beacon/buffet/start?asset=" + encoded("/media/buffet.mp4") + "&pod=2",
                "/beacon/pod1/impression?asset=" + encoded("/media/pod1-360.mp4"),
                "/beacon/pod1/start?asset=" + encoded("/media/pod1-360.mp4") + "&pod=1",
                "/beacon/pod2/error?code=403&pod=2",
                "/beacon/pod3/impression?asset=" + encoded("/media/pod3.webm"),
                "/beacon/pod3/start?asset=" + encoded("/media/pod3.webm") + "&pod=3",
            ])
    }
}
