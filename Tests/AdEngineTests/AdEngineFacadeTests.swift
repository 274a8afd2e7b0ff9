import AdEngine
import AdLifecycle
import AdPlacement
import AdTransport
import Foundation
import TestSupport
import Testing
import VAST

/// The getAd facade end to end: placement policy, mediation over the loopback server, creative
/// choice, controllers and their beacons through the durable dispatcher.
@Suite(.serialized) struct AdEngineFacadeTests {
    let server: TestServer
    let scratch: ScratchFolder
    var folder: URL { scratch.url }

    init() throws {
        server = try TestServer()
        scratch = try ScratchFolder("engine")
    }

    private func source(_ name: String, _ url: String, tier: Int = 0, timeoutMs: Int = 2_000) -> PlacementSourceSettings
    {
        PlacementSourceSettings(name: name, tier: tier, kind: .tag(urlTemplate: url), timeoutMilliseconds: timeoutMs)
    }

    /// An engine; two alive at once need stores of their own (one beacon dispatcher per store file).
    private func engine(
        _ placements: [Placement: PlacementSettings], overallTimeout: Duration = .seconds(5),
        store: String = "beacons.sqlite"
    ) throws -> AdEngine {
        try AdEngine(
            configuration: AdEngineConfiguration(
                settings: TenantSettings(tenantId: "test", placements: placements),
                beaconStorePath: folder.appendingPathComponent(store).path, overallTimeout: overallTimeout))
    }

    private func request(_ placement: Placement) -> AdRequestInfo {
        AdRequestInfo(
            placement: placement, collectionId: "home", itemId: "clip-1", playerSize: AdSize(width: 640, height: 360))
    }

    private func failure(_ work: () async throws(AdEngineError) -> Ad) async -> AdEngineError? {
        do {
            let ad = try await work()
            Issue.record("expected no ad, got \(ad.id ?? "?")")
            return nil
        } catch {
            return error
        }
    }

    @Test func getAdReturnsAPlayableAdWithItsDecisionAndReport() async throws {
        let tag = try server.registerChain("ok", hops: 2)
        let engine = try engine([
            .clipsBetweenItems: PlacementSettings(
                enabled: true,
                sources: [
                    source("empty", server.url("/echo?status=204")), source("main", tag),
                ])
        ])
        let ad = try await engine.getAd(for: request(.clipsBetweenItems))
        #expect(ad.id == "inline")
        #expect(ad.creativeId == "creative-inline")
        #expect(ad.mediaFile?.url == server.baseURL + "/media/inline.mp4")
        #expect(ad.banner == nil)
        #expect(ad.clickThrough == server.baseURL + "/landing/inline")
        #expect(ad.decision.reason == .allowed)
        #expect(ad.source == "main")
        #expect(ad.report.sources.map(\.source) == ["empty", "main"])
        #expect(ad.report.sources.map(\.outcome.rawValue) == ["noFill", "won"])
        #expect(ad.resolved.impressions.map(\.hop) == [0, 1])
    }

    @Test func aPlacementTheTenantOrThePresentationDoesNotAllowIsRefusedWithItsReason() async throws {
        let tag = try server.registerChain("pre", hops: 1)
        let engine = try engine([
            .clipsPreRoll: PlacementSettings(enabled: true, sources: [source("main", tag)]),
            .clipsBottomBanner: PlacementSettings(enabled: false),
        ])
        let noConfiguration = await failure { () throws(AdEngineError) in
            try await engine.getAd(for: request(.clipsPreRoll))
        }
        #expect(noConfiguration?.code == .placementDisabled)
        #expect(noConfiguration?.decision?.reason == .noPresentationConfiguration)
        await engine.presentationStarted(ClipsAdConfiguration(preRollEnabled: false, bottomBannerEnabled: true))
        let notOptedIn = await failure { () throws(AdEngineError) in try await engine.getAd(for: request(.clipsPreRoll))
        }
        #expect(notOptedIn?.decision?.reason == .notOptedIn)
        let tenantOff = await failure { () throws(AdEngineError) in
            try await engine.getBottomBannerAd(for: request(.clipsBottomBanner), maxHeight: 100)
        }
        #expect(tenantOff?.decision?.reason == .tenantDisabled)
        #expect(try server.stats().requests == 0)
        await engine.presentationStarted(ClipsAdConfiguration(preRollEnabled: true))
        let ad = try await engine.getAd(for: request(.clipsPreRoll))
        #expect(ad.decision.allowed)
    }

    @Test func noFillAndAllSourcesFailedAreTellApartAndCarryTheReport() async throws {
        try server.register("noad", body: ChainDocuments.noAd(hop: 0))
        let empty = try engine([
            .storiesBetweenPages: PlacementSettings(
                enabled: true,
                sources: [
                    source("a", server.docURL("noad")), source("b", server.url("/echo?status=204"), tier: 1),
                ])
        ])
        let noFill = await failure { () throws(AdEngineError) in
            try await empty.getAd(for: request(.storiesBetweenPages))
        }
        #expect(noFill?.code == .noFill)
        #expect(noFill?.report?.sources.map(\.outcome.rawValue) == ["noFill", "noFill"])
        let broken = try engine(
            [
                .storiesBetweenPages: PlacementSettings(
                    enabled: true,
                    sources: [
                        source("a", server.docURL("noad")), source("b", server.url("/echo?status=500"), tier: 1),
                    ])
            ], store: "broken.sqlite")
        let failed = await failure { () throws(AdEngineError) in
            try await broken.getAd(for: request(.storiesBetweenPages))
        }
        #expect(failed?.code == .allSourcesFailed)
        #expect(failed?.report?.sources.map(\.outcome.rawValue) == ["noFill", "error"])
        // The tag's own request answered 500: no IAB code (301 is a Wrapper's), the status in the message.
        #expect(failed?.report?.sources.last?.errorCode == nil)
        #expect(failed?.report?.sources.last?.message.hasSuffix("failed: HTTP 500") == true)
    }

    @Test func theOverallTimeoutEndsTheCallAsTimedOut() async throws {
        let engine = try engine(
            [
                .storiesBetweenPages: PlacementSettings(
                    enabled: true, sources: [source("slow", server.url("/hang"), timeoutMs: 5_000)])
            ],
            overallTimeout: .milliseconds(300))
        let start = ContinuousClock.now
        let error = await failure { () throws(AdEngineError) in
            try await engine.getAd(for: request(.storiesBetweenPages))
        }
        #expect(error?.code == .timedOut)
        #expect(ContinuousClock.now - start < .seconds(1))
    }

    @Test func cancellingTheCallerCancelsEverySource() async throws {
        let engine = try engine([
            .storiesBetweenPages: PlacementSettings(
                enabled: true,
                sources: [
                    source("a", server.url("/hang")), source("b", server.url("/hang")),
                ])
        ])
        let request = self.request(.storiesBetweenPages)
        let task = inFlight { () throws(AdEngineError) in try await engine.getAd(for: request) }
        try await Task.sleep(for: .milliseconds(300))
        let cancelledAt = ContinuousClock.now
        task.cancel()
        let error = await task.value
        #expect(ContinuousClock.now - cancelledAt < WallClock.slack)
        #expect(error?.code == .cancelled)
        #expect(error?.report?.sources.map(\.outcome.rawValue) == ["cancelled", "cancelled"])
    }

    @Test func aBadConfigurationIsFoundWhenTheEngineIsBuiltAndNamesTheField() throws {
        let settings = TenantSettings(placements: [
            .clipsPreRoll: PlacementSettings(
                enabled: true,
                sources: [
                    source("dup", "https://ads.example.com/a"), source("dup", "https://ads.example.com/b"),
                ])
        ])
        do {
            _ = try AdEngine(
                configuration: AdEngineConfiguration(
                    settings: settings, beaconStorePath: folder.appendingPathComponent("x.sqlite").path,
                    supportedMediaTypes: []))
            Issue.record("expected invalidConfiguration")
        } catch {
            #expect(error.code == .invalidConfiguration)
            #expect(error.message.contains("supportedMediaTypes"))
            #expect(error.message.contains("sources[1].name"))
        }
    }

    @Test func aBottomBannerIsTheLargestCreativeThatFitsScaledDownWhereItMay() async throws {
        try server.register(
            "banners",
            body: BannerDocuments.inLine(
                "banners",
                creatives: BannerDocuments.companions(
                    "c1",
                    BannerDocuments.staticCompanion(id: "leader", width: 728, height: 90)
                        + BannerDocuments.staticCompanion(id: "phone", width: 320, height: 50)
                        + BannerDocuments.htmlCompanion(id: "box", width: 300, height: 250))))
        let engine = try engine([
            .clipsBottomBanner: PlacementSettings(
                enabled: true,
                sources: [
                    source("banner", server.docURL("banners"))
                ])
        ])
        await engine.presentationStarted(ClipsAdConfiguration(bottomBannerEnabled: true))
        var request = self.request(.clipsBottomBanner)
        request.playerSize = AdSize(width: 400, height: 800)
        let fits = try await engine.getBottomBannerAd(for: request, maxHeight: 60)
        #expect(fits.banner?.size == AdSize(width: 400, height: 49))
        #expect(fits.banner?.declaredSize == AdSize(width: 728, height: 90))
        #expect(fits.creativeId == "c1")
        #expect(fits.mediaFile == nil)
        // Scaled to 25 px high the leaderboard (202x25) is larger than the phone banner (160x25).
        let small = try await engine.getBottomBannerAd(for: request, maxHeight: 25)
        #expect(small.banner?.size == AdSize(width: 202, height: 25))
        #expect(small.banner?.declaredSize == AdSize(width: 728, height: 90))
        var narrow = request
        narrow.playerSize = AdSize(width: 320, height: 800)
        let phone = try await engine.getBottomBannerAd(for: narrow, maxHeight: 60)
        #expect(phone.banner?.size == AdSize(width: 320, height: 50))
        #expect(phone.banner?.isResized == false)
    }

    @Test(arguments: [("companion", 601), ("nonlinear", 501)])
    func whenNoBannerFitsItsCodeReachesTheAdsErrorURL(_ kind: String, _ code: Int) async throws {
        let creative =
            kind == "companion"
            ? BannerDocuments.companions("c1", BannerDocuments.htmlCompanion(id: "box", width: 300, height: 250))
            : BannerDocuments.fixedNonLinear("n1", width: 480, height: 120)
        try server.register(kind, body: BannerDocuments.inLine(kind, creatives: creative))
        let engine = try engine([
            .clipsBottomBanner: PlacementSettings(
                enabled: true,
                sources: [
                    source("banner", server.docURL(kind))
                ])
        ])
        await engine.presentationStarted(ClipsAdConfiguration(bottomBannerEnabled: true))
        let error = await failure { () throws(AdEngineError) in
            try await engine.getBottomBannerAd(for: request(.clipsBottomBanner), maxHeight: 100)
        }
        #expect(error?.code == .noFittingBanner)
        #expect(error?.vastErrorCode?.rawValue == code)
        let beacons = try await server.waitForBeacons(count: 1)
        #expect(beacons.map(\.target) == ["/beacon/error/\(kind)?code=\(code)"])
    }

    @Test(arguments: [0, -5, 0.5, .nan, .infinity, -.infinity] as [CGFloat])
    func aSpaceNoBannerCanFitIsRefusedBeforeAnySourceIsAsked(_ maxHeight: CGFloat) async throws {
        try server.register(
            "never-asked",
            body: BannerDocuments.inLine(
                "never", creatives: BannerDocuments.fixedNonLinear("n1", width: 320, height: 50)))
        let engine = try engine([
            .clipsBottomBanner: PlacementSettings(
                enabled: true,
                sources: [
                    source("banner", server.docURL("never-asked"))
                ])
        ])
        await engine.presentationStarted(ClipsAdConfiguration(bottomBannerEnabled: true))
        let error = await failure { () throws(AdEngineError) in
            try await engine.getBottomBannerAd(for: request(.clipsBottomBanner), maxHeight: maxHeight)
        }
        #expect(error?.code == .invalidRequest)
        #expect(error?.message == "maxHeight must be a finite number of at least 1 point, not \(maxHeight)")
        #expect(error?.report == nil)
        #expect(try server.stats().requests == 0)
    }

    @Test func theAnalyticsStreamAndTheBeaconsFollowTheAdsLife() async throws {
        let tag = try server.registerChain("life", hops: 2)
        let engine = try engine([
            .clipsBetweenItems: PlacementSettings(
                enabled: true, sources: [source("main", tag)], caps: PlacementCaps(maxPerSession: 1))
        ])
        var events = engine.events.makeAsyncIterator()
        let ad = try await engine.getAd(for: request(.clipsBetweenItems))
        let requested = await events.next()
        let loaded = await events.next()
        guard case .requested = requested?.kind, case .loaded(let source) = loaded?.kind else {
            Issue.record(
                "expected requested then loaded, got \(String(describing: requested?.kind)), \(String(describing: loaded?.kind))"
            )
            return
        }
        #expect(source == "main")
        #expect(loaded?.context?.placement == .clipsBetweenItems && loaded?.context?.itemId == "clip-1")
        #expect(loaded?.context?.adId == "inline")
        try await MainActor.run {
            let unit = try ad.makeUnitController()
            try unit.impressionRendered()
            withExtendedLifetime(unit) {}
        }
        let impression = await events.next()
        guard case .impression = impression?.kind else {
            Issue.record("expected the impression event, got \(String(describing: impression?.kind))")
            return
        }
        let beacons = try await server.waitForBeacons(count: 2).map(\.path).sorted()
        #expect(beacons == ["/beacon/impression/hop0", "/beacon/impression/hop1"])
        // No wait: the impression counted toward the cap before impressionRendered() returned.
        let capped = await failure { () throws(AdEngineError) in
            try await engine.getAd(for: request(.clipsBetweenItems))
        }
        #expect(capped?.decision?.reason == .sessionCapReached)
    }
}
