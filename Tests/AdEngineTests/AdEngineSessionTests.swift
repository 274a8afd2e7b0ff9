import AdEngine
import AdLifecycle
import AdPlacement
import AdTransport
import Foundation
import Synchronization
import TestSupport
import Testing
import VAST

/// Sessions through the engine: the multi-consumer analytics stream, pacing that sees an impression at
/// once, only the shown companion counted, and delivery flushed, suspended and resumed, against the real
/// dispatcher and the loopback server.
@Suite(.serialized) struct AdEngineSessionTests {
    let server: TestServer
    let scratch: ScratchFolder
    var folder: URL { scratch.url }

    init() throws {
        server = try TestServer()
        scratch = try ScratchFolder("engine-session")
    }

    private func engine(_ placement: Placement, tag: String, caps: PlacementCaps = PlacementCaps()) throws -> AdEngine {
        try AdEngine(
            configuration: AdEngineConfiguration(
                settings: TenantSettings(
                    tenantId: "test",
                    placements: [
                        placement: PlacementSettings(
                            enabled: true,
                            sources: [
                                PlacementSourceSettings(
                                    name: "main", tier: 0, kind: .tag(urlTemplate: tag), timeoutMilliseconds: 2_000)
                            ],
                            caps: caps)
                    ]),
                beaconStorePath: folder.appendingPathComponent("beacons-\(UUID().uuidString).sqlite").path))
    }

    private func request(_ placement: Placement) -> AdRequestInfo {
        AdRequestInfo(
            placement: placement, collectionId: "home", itemId: "clip-1", playerSize: AdSize(width: 400, height: 800))
    }

    /// An InLine with a 20 s Linear and two companions, each with its own view and click tracking.
    static func companionAd() -> String {
        func companion(_ width: Int, _ height: Int) -> String {
            """
            <Companion width="\(width)" height="\(height)">\
            <StaticResource creativeType="image/png"><![CDATA[{{BASE_URL}}/img/\(width)x\(height).png]]></StaticResource>\
            <TrackingEvents><Tracking event="creativeView"><![CDATA[{{BASE_URL}}/beacon/companion-view/\(width)x\(height)]]></Tracking></TrackingEvents>\
            <CompanionClickThrough><![CDATA[{{BASE_URL}}/landing/\(width)x\(height)]]></CompanionClickThrough>\
            <CompanionClickTracking><![CDATA[{{BASE_URL}}/beacon/companion-click/\(width)x\(height)]]></CompanionClickTracking></Companion>
            """
        }
        return """
            <VAST version="4.2" xmlns="http://www.iab.com/VAST"><Ad id="companions"><InLine>
            <AdSystem>test</AdSystem><Impression><![CDATA[{{BASE_URL}}/beacon/impression]]></Impression>
            <AdServingId>companions</AdServingId><AdTitle>companions</AdTitle>
            <Creatives><Creative id="linear"><UniversalAdId idRegistry="Ad-ID">linear</UniversalAdId><Linear>
            <Duration>00:00:20</Duration><TrackingEvents>
            <Tracking event="start"><![CDATA[{{BASE_URL}}/beacon/start]]></Tracking>
            <Tracking event="firstQuartile"><![CDATA[{{BASE_URL}}/beacon/firstQuartile]]></Tracking>
            </TrackingEvents>
            <MediaFiles><MediaFile delivery="progressive" type="video/mp4" width="640" height="360"><![CDATA[{{BASE_URL}}/media/a.mp4]]></MediaFile></MediaFiles>
            </Linear></Creative>
            <Creative id="banners"><UniversalAdId idRegistry="Ad-ID">banners</UniversalAdId><CompanionAds>\(companion(300, 250))\(companion(320, 50))</CompanionAds></Creative>
            </Creatives></InLine></Ad></VAST>
            """
    }

    @Test func threeConsumersOfTheEngineEventsEachSeeTheSameEventsInTheSameOrder() async throws {
        let engine = try engine(.clipsBetweenItems, tag: try server.registerChain("three", hops: 2))
        let streams = (0..<3).map { _ in engine.events }
        let ad = try await engine.getAd(for: request(.clipsBetweenItems))
        let session = try ad.makeSession()
        try session.send(.unit(.impressionRendered))
        try session.send(.video(try .progressed(seconds: 0, duration: nil)))
        try session.send(.video(try .progressed(seconds: 3, duration: nil)))
        try session.send(.video(.paused))
        try session.send(.video(.resumed))
        try session.send(.unit(.clicked(position: nil, playheadMs: nil)))
        try session.send(.video(.playbackInterrupted(.timedOut)))
        func name(_ event: AdEngineEvent) -> String {
            switch event.kind {
            case .requested: "requested"
            case .loaded: "loaded"
            case .impression: "impression"
            case .started: "started"
            case .quartile(let n): "quartile\(n)"
            case .paused: "paused"
            case .resumed: "resumed"
            case .clicked: "clicked"
            case .interrupted(let error): "interrupted\(error.code.rawValue)"
            case .viewability(let verdict): "viewability-\(verdict.rawValue)"
            default: "other"
            }
        }
        let expected = [
            "requested", "loaded", "impression", "started", "quartile1", "paused", "resumed", "clicked",
            "interrupted402",
            "viewability-undetermined",
        ]
        for stream in streams {
            var seen: [String] = []
            for await event in stream where !(event.kind.isBeacon) {
                seen.append(name(event))
                #expect(event.context?.requestID == ad.context.requestID)
                if seen.count == expected.count { break }
            }
            #expect(seen == expected)
        }
    }

    @Test func aGetAdRightAfterAnImpressionSeesTheSessionCap() async throws {
        let engine = try engine(
            .clipsBetweenItems, tag: try server.registerChain("cap", hops: 1), caps: PlacementCaps(maxPerSession: 1))
        let ad = try await engine.getAd(for: request(.clipsBetweenItems))
        try ad.makeSession().send(.unit(.impressionRendered))
        do {
            let second = try await engine.getAd(for: request(.clipsBetweenItems))
            Issue.record("the cap let a second ad through: \(second.id ?? "?")")
        } catch {
            #expect(error.decision?.reason == .sessionCapReached)
        }
    }

    @Test func aControllersImpressionCountsTowardTheCapBeforeItReturns() async throws {
        let engine = try engine(
            .clipsBetweenItems, tag: try server.registerChain("cap-unit", hops: 1),
            caps: PlacementCaps(maxPerSession: 1))
        let ad = try await engine.getAd(for: request(.clipsBetweenItems))
        try await MainActor.run {
            let unit = try ad.makeUnitController()
            try unit.impressionRendered()
        }
        do {
            _ = try await engine.getAd(for: request(.clipsBetweenItems))
            Issue.record("the cap let a second ad through")
        } catch {
            #expect(error.decision?.reason == .sessionCapReached)
        }
    }

    @Test func aBottomBannerCountsOnlyTheCompanionShownAndHandsItsClickThrough() async throws {
        try server.register("companions", body: Self.companionAd())
        let engine = try engine(.clipsBottomBanner, tag: server.docURL("companions"))
        await engine.presentationStarted(ClipsAdConfiguration(bottomBannerEnabled: true))
        let ad = try await engine.getBottomBannerAd(for: request(.clipsBottomBanner), maxHeight: 60)
        #expect(ad.banner?.declaredSize == AdSize(width: 320, height: 50))
        let session = try ad.makeSession()
        try session.send(.unit(.impressionRendered))
        let click = try session.send(.unit(.clicked(position: ClickPoint(x: 1, y: 2), playheadMs: nil)))
        #expect(click.first == .callback(.unit(.clicked(url: server.baseURL + "/landing/320x50"))))
        #expect(await engine.flush(deadline: .now + .seconds(5)))
        #expect(
            try server.beacons().map(\.path).sorted() == [
                "/beacon/companion-click/320x50", "/beacon/companion-view/320x50", "/beacon/impression",
            ])
    }

    @Test func flushReturnsOnceEveryBeaconReachedTheServer() async throws {
        let engine = try engine(.clipsBetweenItems, tag: try server.registerChain("flush", hops: 2))
        let ad = try await engine.getAd(for: request(.clipsBetweenItems))
        let session = try ad.makeSession()
        try session.send(.unit(.impressionRendered))
        try session.send(.video(try .progressed(seconds: 0, duration: nil)))
        try session.send(.video(try .progressed(seconds: 2.5, duration: nil)))
        try session.send(.unit(.clicked(position: nil, playheadMs: nil)))
        try session.send(.video(.playbackCompleted))
        #expect(await engine.flush(deadline: .now + .seconds(5)))
        #expect(
            try server.beacons().map(\.path).sorted() == [
                "/beacon/click/hop0", "/beacon/click/hop1", "/beacon/complete/hop1", "/beacon/impression/hop0",
                "/beacon/impression/hop1", "/beacon/progress/hop0", "/beacon/start/hop0", "/beacon/start/hop1",
            ])
    }

    @Test func suspendedDeliveryStoresButSendsNothingUntilResumed() async throws {
        let engine = try engine(.clipsBetweenItems, tag: try server.registerChain("suspend", hops: 1))
        let ad = try await engine.getAd(for: request(.clipsBetweenItems))
        await engine.suspendDelivery()
        try ad.makeSession().send(.unit(.impressionRendered))
        #expect(await engine.flush(deadline: .now + .milliseconds(300)) == false)
        #expect(try server.beacons().isEmpty)
        await engine.resumeDelivery()
        #expect(await engine.flush(deadline: .now + .seconds(5)))
        #expect(try server.beacons().map(\.path) == ["/beacon/impression/hop0"])
    }

    @Test func beaconResultsCarryTheirRequestsContext() async throws {
        let engine = try engine(.clipsBetweenItems, tag: try server.registerChain("context", hops: 1))
        let events = engine.events
        let ad = try await engine.getAd(for: request(.clipsBetweenItems))
        try ad.makeSession().send(.unit(.impressionRendered))
        for await event in events {
            guard case .beacon(let outcome) = event.kind else { continue }
            #expect(outcome.kind == .delivered)
            #expect(event.context?.requestID == ad.context.requestID)
            #expect(event.context?.itemId == "clip-1")
            break
        }
    }
}

extension AdEngineEvent.Kind {
    var isBeacon: Bool {
        if case .beacon = self { return true }
        return false
    }
}
