import AdEngine
import AdLifecycle
import AdPlacement
import AdResolution
import AdTransport
import Foundation
import TestSupport
import Testing
import VAST

/// Presentation and engine lifetime (issue 24, item 3): closing a presentation stops its `getAd` calls in
/// flight, and closing the engine stops them all and refuses later ones before any fetch; nothing of a
/// stopped call counts or is sent, and an ad returned before the close reports each later beacon rejected.
/// Counts are exact at the loopback server: requests received, beacons, caps and analytics events.
@Suite(.serialized) struct AdEngineLifetimeTests {
    let server: TestServer
    let scratch: ScratchFolder

    init() throws {
        server = try TestServer()
        scratch = try ScratchFolder("engine-lifetime")
    }

    /// An engine whose placements each have one tag source, `name` at `url`.
    private func engine(_ sources: [Placement: (name: String, url: String)], caps: PlacementCaps = PlacementCaps())
        throws -> AdEngine
    {
        let placements = sources.mapValues { source in
            PlacementSettings(
                enabled: true,
                sources: [
                    PlacementSourceSettings(
                        name: source.name, kind: .tag(urlTemplate: source.url), timeoutMilliseconds: 5_000)
                ], caps: caps)
        }
        return try AdEngine(
            configuration: AdEngineConfiguration(
                settings: TenantSettings(tenantId: "test", placements: placements),
                beaconStorePath: scratch.url.appendingPathComponent("beacons.sqlite").path))
    }

    private func request(_ placement: Placement, _ item: String) -> AdRequestInfo {
        AdRequestInfo(placement: placement, itemId: item, playerSize: AdSize(width: 640, height: 360))
    }

    private static let optedIn = ClipsAdConfiguration(preRollEnabled: true, bottomBannerEnabled: true)

    @Test func closingAPresentationStopsItsGetAdInFlightAndNothingOfItCountsOrIsSent() async throws {
        try server.register("slow", body: MediationDocuments.inLine("slow"))
        let engine = try engine(
            [.clipsPreRoll: ("slow", server.docURL("slow") + "?delay_ms=1500")], caps: PlacementCaps(maxPerSession: 1))
        let events = engine.events
        let closing = try await engine.openPresentation(.clips, configuration: Self.optedIn)
        let call = inFlight { () throws(AdEngineError) in
            try await engine.getAd(for: request(.clipsPreRoll, "in-flight"), in: closing)
        }
        try await server.waitForRequests(1)
        try await engine.closePresentation(closing)
        let closedAt = ContinuousClock.now
        let error = await call.value
        #expect(ContinuousClock.now - closedAt < .seconds(1))
        #expect(error?.code == .presentationClosed)
        #expect(error?.decision?.presentation == closing)
        #expect(error?.report?.sources.map(\.outcome) == [.cancelled])

        // No ad reached the app, so the cap of one is still free: another player gets its pre-roll, and
        // that impression is the one the cap counts.
        let other = try await engine.openPresentation(.clips, configuration: Self.optedIn)
        let shown = try await engine.getAd(for: request(.clipsPreRoll, "shown"), in: other)
        _ = try shown.makeSession().send(.unit(.impressionRendered))
        let third = try await engine.openPresentation(.clips, configuration: Self.optedIn)
        let capped = await noAd { () throws(AdEngineError) in
            try await engine.getAd(for: request(.clipsPreRoll, "marker"), in: third)
        }
        #expect(capped?.decision?.reason == .sessionCapReached)
        #expect(await engine.flush(deadline: .now + .seconds(5)))
        #expect(try server.stats().byPath == ["/doc/slow": 2, "/beacon/impression/hop0": 1])
        #expect(try server.beacons().map(\.target) == ["/beacon/impression/hop0?ad=slow"])
        let seen = await EngineEvents.until(marker: "marker", in: events).filter { !$0.kind.isBeacon }
        #expect(
            seen.map(EngineEvents.label) == [
                "requested in-flight", "failed:presentationClosed in-flight", "requested shown", "loaded:slow shown",
                "impression shown",
            ])
    }

    @Test func closingAPresentationLeavesTheCallsOfOthersAlone() async throws {
        try server.register("slow", body: MediationDocuments.inLine("slow"))
        let engine = try engine([.clipsPreRoll: ("slow", server.docURL("slow") + "?delay_ms=300")])
        let closing = try await engine.openPresentation(.clips, configuration: Self.optedIn)
        let staying = try await engine.openPresentation(.clips, configuration: Self.optedIn)
        let stopped = inFlight { () throws(AdEngineError) in
            try await engine.getAd(for: request(.clipsPreRoll, "closing"), in: closing)
        }
        let kept = Task { try await engine.getAd(for: request(.clipsPreRoll, "staying"), in: staying) }
        try await server.waitForRequests(2)
        try await engine.closePresentation(closing)
        #expect(await stopped.value?.code == .presentationClosed)
        let ad = try await kept.value
        #expect(ad.id == "slow" && ad.context.presentation == staying)
        #expect(try server.stats().requests == 2)
    }

    @Test func aStoppedCallEndsEverySourceOfItsTierAndLeavesItsCallersTaskUncancelled() async throws {
        // The mediation runs in the caller's task and the sources of a tier in child tasks of it: closing the
        // presentation must reach both fetches, and must not cancel the caller's own task, which goes on.
        try server.register("slow", body: MediationDocuments.inLine("slow"))
        let url = server.docURL("slow") + "?delay_ms=1500"
        let sources = ["first", "second"].map {
            PlacementSourceSettings(name: $0, tier: 0, kind: .tag(urlTemplate: url), timeoutMilliseconds: 5_000)
        }
        let engine = try AdEngine(
            configuration: AdEngineConfiguration(
                settings: TenantSettings(
                    tenantId: "test", placements: [.clipsPreRoll: PlacementSettings(enabled: true, sources: sources)]),
                beaconStorePath: scratch.url.appendingPathComponent("beacons.sqlite").path))
        let presentation = try await engine.openPresentation(.clips, configuration: Self.optedIn)
        let request = request(.clipsPreRoll, "stopped")
        let caller = Task { () -> (error: AdEngineError?, cancelled: Bool, slept: Bool) in
            var stopped: AdEngineError?
            do throws(AdEngineError) {
                _ = try await engine.getAd(for: request, in: presentation)
            } catch {
                stopped = error
            }
            let cancelled = Task.isCancelled
            let slept = (try? await Task.sleep(for: .milliseconds(1))) != nil
            return (stopped, cancelled, slept)
        }
        try await server.waitForRequests(2)
        try await engine.closePresentation(presentation)
        let closedAt = ContinuousClock.now
        let outcome = await caller.value
        #expect(ContinuousClock.now - closedAt < .seconds(1))
        #expect(outcome.error?.code == .presentationClosed)
        #expect(outcome.error?.report?.sources.map(\.outcome) == [.cancelled, .cancelled])
        #expect(!outcome.cancelled && outcome.slept)
        #expect(try server.stats().requests == 2)
    }

    @Test func closingAPresentationStopsALongParseOfItsCall() async throws {
        // A response whose start tags cost libxml2 quadratic work (30,000 attributes each, under a cap raised to
        // let them through: seconds of parsing). The parse runs in the caller's task; the stop must reach it.
        let attributes = (0..<30_000).map { " a\($0)=\"\"" }.joined()
        let slow =
            "<VAST version=\"4.2\">\n" + String(repeating: "<Slow" + attributes + "/>\n", count: 12) + "</VAST>\n"
        try server.register("slow-parse", body: slow)
        let source = PlacementSourceSettings(
            name: "slow-parse", kind: .tag(urlTemplate: server.docURL("slow-parse")), timeoutMilliseconds: 8_000)
        let engine = try AdEngine(
            configuration: AdEngineConfiguration(
                settings: TenantSettings(
                    tenantId: "test", placements: [.clipsPreRoll: PlacementSettings(enabled: true, sources: [source])]),
                beaconStorePath: scratch.url.appendingPathComponent("beacons.sqlite").path,
                resolver: WrapperResolverConfiguration(
                    parserLimits: VASTParser.Limits(maxBytes: 8 << 20, maxAttributesPerElement: 30_000))))
        let presentation = try await engine.openPresentation(.clips, configuration: Self.optedIn)
        let call = inFlight { () throws(AdEngineError) in
            try await engine.getAd(for: request(.clipsPreRoll, "parsing"), in: presentation)
        }
        try await server.waitForRequests(1)
        // The 3 MB body arrives in a few milliseconds; then libxml2 works on it for seconds.
        try await Task.sleep(for: .milliseconds(500))
        try await engine.closePresentation(presentation)
        let closedAt = ContinuousClock.now
        let error = await call.value
        #expect(ContinuousClock.now - closedAt < .seconds(1))
        #expect(error?.code == .presentationClosed)
    }

    @Test func closingTheEngineStopsEveryCallInFlightBeforeItReturns() async throws {
        try server.register("slow", body: MediationDocuments.inLine("slow"))
        try server.register("banner", body: BannerDocuments.phone("banner"))
        let engine = try engine([
            .clipsPreRoll: ("slow", server.docURL("slow") + "?delay_ms=1500"),
            .clipsBottomBanner: ("banner", server.docURL("banner") + "?delay_ms=1500"),
        ])
        await engine.presentationStarted(Self.optedIn)
        let player = try await engine.openPresentation(.clips, configuration: Self.optedIn)
        let calls = [
            inFlight { () throws(AdEngineError) in try await engine.getAd(for: request(.clipsPreRoll, "a")) },
            inFlight { () throws(AdEngineError) in
                try await engine.getBottomBannerAd(for: request(.clipsBottomBanner, "b"), in: player, maxHeight: 50)
            },
        ]
        try await server.waitForRequests(2)
        let closing = ContinuousClock.now
        await engine.close()
        #expect(ContinuousClock.now - closing < .seconds(1))
        for call in calls {
            let error = await call.value
            #expect(error?.code == .engineClosed)
            #expect(error?.report?.sources.map(\.outcome) == [.cancelled])
        }
        #expect(try server.stats().requests == 2)
        #expect(try server.beacons().isEmpty)
    }

    @Test func afterCloseEveryGetAdFailsBeforeAnyFetchAndAnEarlierAdsBeaconsAreReportedRejected() async throws {
        try server.register("ad", body: MediationDocuments.inLine("ad"))
        try server.register("banner", body: BannerDocuments.phone("banner"))
        let engine = try engine([
            .clipsPreRoll: ("ad", server.docURL("ad")), .clipsBetweenItems: ("ad", server.docURL("ad")),
            .storiesBetweenPages: ("ad", server.docURL("ad")), .clipsBottomBanner: ("banner", server.docURL("banner")),
        ])
        await engine.presentationStarted(Self.optedIn)
        let player = try await engine.openPresentation(.clips, configuration: Self.optedIn)
        let before = try await engine.getAd(for: request(.clipsBetweenItems, "before"), in: player)
        try server.resetStats()
        let events = engine.events
        await engine.close()

        let errors = [
            await noAd { () throws(AdEngineError) in try await engine.getAd(for: request(.clipsPreRoll, "1")) },
            await noAd { () throws(AdEngineError) in
                try await engine.getAd(for: request(.clipsPreRoll, "2"), in: player)
            },
            await noAd { () throws(AdEngineError) in
                try await engine.getBottomBannerAd(for: request(.clipsBottomBanner, "3"), maxHeight: 50)
            },
            await noAd { () throws(AdEngineError) in
                try await engine.getBottomBannerAd(for: request(.clipsBottomBanner, "4"), in: player, maxHeight: 50)
            },
        ]
        for error in errors {
            #expect(error?.code == .engineClosed)
            #expect(error?.message == "the engine was closed (close()): make a new AdEngine to ask for ads")
            #expect(error?.decision == nil && error?.report == nil)
        }
        // The ad returned before the close still plays; its beacons are refused, each one reported.
        let session = try before.makeSession()
        let played = try session.send(.unit(.impressionRendered))
        #expect(played.count == 2 && played.first == .callback(.unit(.impressionWillBeLogged)))
        _ = await noAd { () throws(AdEngineError) in
            try await engine.getAd(for: request(.storiesBetweenPages, "marker"))
        }
        let seen = await EngineEvents.until(marker: "marker", in: events)
        #expect(
            seen.map(EngineEvents.label) == [
                "requested 1", "failed:engineClosed 1", "requested 2", "failed:engineClosed 2", "requested 3",
                "failed:engineClosed 3", "requested 4", "failed:engineClosed 4",
                "beacon:rejected:/beacon/impression/hop0 before", "impression before",
            ])
        let rejected = seen.first { $0.kind.isBeacon }
        guard case .beacon(let outcome) = rejected?.kind else { return }
        #expect(outcome.error == "the engine was closed (AdEngine.close()): nothing fired after it is stored or sent")
        #expect(rejected?.context?.requestID == before.context.requestID)
        #expect(try server.stats().requests == 0)
    }
}
