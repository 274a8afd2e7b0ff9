import AdEngine
import AdPlacement
import Foundation
import TestSupport
import Testing

/// Format-aware mediation through the engine (issue 24, items 5 and 6): the request's format reaches
/// every source, an ad that cannot be shown in it is its source's `noFit` (with why) and the next tier is
/// tried, and `maxHeight` is a height in points whose fraction counts. Exact counts at the loopback
/// server: documents fetched, error pixels, impressions, caps and analytics events.
@Suite(.serialized) struct AdEngineFormatTests {
    let server: TestServer
    let scratch: ScratchFolder

    init() throws {
        server = try TestServer()
        scratch = try ScratchFolder("engine-format")
    }

    /// An engine whose `placement` has one tag source per document name, tiers as given.
    private func engine(_ placement: Placement, _ sources: [(name: String, tier: Int)], caps: PlacementCaps = .init())
        throws -> AdEngine
    {
        let list = sources.map { source in
            PlacementSourceSettings(
                name: source.name, tier: source.tier, kind: .tag(urlTemplate: server.docURL(source.name)),
                timeoutMilliseconds: 2_000)
        }
        return try AdEngine(
            configuration: AdEngineConfiguration(
                settings: TenantSettings(
                    tenantId: "test",
                    placements: [placement: PlacementSettings(enabled: true, sources: list, caps: caps)]),
                beaconStorePath: scratch.url.appendingPathComponent("beacons.sqlite").path))
    }

    private func request(_ placement: Placement, _ item: String) -> AdRequestInfo {
        AdRequestInfo(placement: placement, itemId: item, playerSize: AdSize(width: 640, height: 360))
    }

    /// "source tier outcome code" per report entry, `-` for no code.
    private func rows(_ report: MediationReport?) -> [String] {
        (report?.sources ?? []).map {
            "\($0.source) \($0.tier) \($0.outcome.rawValue) \($0.errorCode.map { String($0.rawValue) } ?? "-")"
        }
    }

    private func banner(_ name: String, _ companion: String) throws {
        try server.register(
            name, body: BannerDocuments.inLine(name, creatives: BannerDocuments.companions("c-\(name)", companion)))
    }

    @Test func aTierOneAdWhoseBannersDoNotFitIsNoFitAndTheTierTwoBannerThatFitsWins() async throws {
        try banner("tall", BannerDocuments.htmlCompanion(id: "box", width: 300, height: 250))
        try server.register("fits", body: BannerDocuments.phone("fits"))
        let engine = try engine(
            .clipsBottomBanner, [("tall", 0), ("fits", 1)], caps: PlacementCaps(maxPerSession: 1))
        await engine.presentationStarted(ClipsAdConfiguration(bottomBannerEnabled: true))
        let events = engine.events
        let ad = try await engine.getBottomBannerAd(for: request(.clipsBottomBanner, "banner"), maxHeight: 50)
        #expect(ad.source == "fits" && ad.id == "fits" && ad.creativeId == "c-fits")
        #expect(ad.banner?.size == AdSize(width: 320, height: 50))
        #expect(rows(ad.report) == ["tall 0 noFit 601", "fits 1 won -"])
        #expect(
            ad.report[source: "tall"]?.message
                == "filled, but its ad cannot be shown as a bottom banner: nothing fits maxHeight 50, maxWidth 640: "
                + "companion 0.0 300x250 html (fixed size)")
        _ = try ad.makeSession().send(.unit(.impressionRendered))
        let capped = await noAd { () throws(AdEngineError) in
            try await engine.getBottomBannerAd(for: request(.clipsBottomBanner, "marker"), maxHeight: 50)
        }
        #expect(capped?.decision?.reason == .sessionCapReached)
        #expect(await engine.flush(deadline: .now + .seconds(5)))
        #expect(
            try server.stats().byPath == [
                "/doc/tall": 1, "/doc/fits": 1, "/beacon/error/tall": 1, "/beacon/impression/fits": 1,
            ])
        #expect(
            try server.beacons().map(\.target).sorted() == ["/beacon/error/tall?code=601", "/beacon/impression/fits"])
        let seen = await EngineEvents.until(marker: "marker", in: events).filter { !$0.kind.isBeacon }
        #expect(seen.map(EngineEvents.label) == ["requested banner", "loaded:fits banner", "impression banner"])
    }

    @Test func aBannerLessAdForABannerIsNoFitWith201AndTheNextTierIsTried() async throws {
        try server.register("video", body: MediationDocuments.inLine("video", hop: 5))
        try server.register("fits", body: BannerDocuments.phone("fits"))
        let engine = try engine(.clipsBottomBanner, [("video", 0), ("fits", 1)])
        let player = try await engine.openPresentation(
            .clips, configuration: ClipsAdConfiguration(bottomBannerEnabled: true))
        let ad = try await engine.getBottomBannerAd(
            for: request(.clipsBottomBanner, "banner"), in: player, maxHeight: 90)
        #expect(ad.source == "fits" && ad.banner?.size == AdSize(width: 320, height: 50))
        #expect(rows(ad.report) == ["video 0 noFit 201", "fits 1 won -"])
        #expect(
            ad.report[source: "video"]?.message
                == "filled, but its ad cannot be shown as a bottom banner: the ad has no companion or non-linear "
                + "creative"
        )
        #expect(await engine.flush(deadline: .now + .seconds(5)))
        #expect(try server.beacons().map(\.target) == ["/beacon/error/hop5?code=201"])
        #expect(try server.stats().requests == 3)
    }

    @Test func aVideoAdWithNoPlayableFileOrNoLinearIsNoFitAndTheNextTierPlays() async throws {
        try server.register(
            "flash",
            body: MediationDocuments.inLine("flash", hop: 7).replacingOccurrences(of: "video/mp4", with: "video/x-flv"))
        try server.register("companions", body: BannerDocuments.phone("companions"))
        try server.register("video", body: MediationDocuments.inLine("video", hop: 1))
        let engine = try engine(.clipsBetweenItems, [("flash", 0), ("companions", 0), ("video", 1)])
        let ad = try await engine.getAd(for: request(.clipsBetweenItems, "clip-1"))
        #expect(ad.source == "video" && ad.mediaFile?.url == server.baseURL + "/media/video.mp4")
        #expect(ad.creativeId == "creative-video" && ad.banner == nil)
        #expect(rows(ad.report) == ["flash 0 noFit 403", "companions 0 noFit 201", "video 1 won -"])
        #expect(
            ad.report.map(\.message).prefix(2) == [
                "filled, but its ad cannot be shown as a full-screen video: the ad has no media file of a supported "
                    + "type (video/mp4, application/x-mpegURL, video/webm)",
                "filled, but its ad cannot be shown as a full-screen video: the ad has no Linear creative to play "
                    + "full screen",
            ])
        #expect(await engine.flush(deadline: .now + .seconds(5)))
        #expect(
            try server.beacons().map(\.target).sorted() == [
                "/beacon/error/companions?code=201", "/beacon/error/hop7?code=403",
            ])
        #expect(try server.stats().requests == 5)
    }

    @Test func whenNoSourcesAdFitsTheCallFailsWithTheFirstCodeAndEachAdHearsItsOwn() async throws {
        try banner("tall", BannerDocuments.htmlCompanion(id: "box", width: 300, height: 250))
        try server.register(
            "overlay",
            body: BannerDocuments.inLine(
                "overlay", creatives: BannerDocuments.fixedNonLinear("n1", width: 480, height: 120)))
        let engine = try engine(.clipsBottomBanner, [("tall", 0), ("overlay", 1)])
        await engine.presentationStarted(ClipsAdConfiguration(bottomBannerEnabled: true))
        let events = engine.events
        let error = await noAd { () throws(AdEngineError) in
            try await engine.getBottomBannerAd(for: request(.clipsBottomBanner, "banner"), maxHeight: 100)
        }
        #expect(error?.code == .noFittingBanner)
        #expect(error?.vastErrorCode == .companionDoesNotFit)
        #expect(rows(error?.report) == ["tall 0 noFit 601", "overlay 1 noFit 501"])
        #expect(
            error?.message
                == "no source's ad can be shown as asked; tall: nothing fits maxHeight 100, maxWidth 640: companion "
                + "0.0 300x250 html (fixed size)")
        // A marker that fails at once, before any fetch.
        _ = await noAd { () throws(AdEngineError) in
            try await engine.getBottomBannerAd(for: request(.clipsBottomBanner, "marker"), maxHeight: 0)
        }
        #expect(await engine.flush(deadline: .now + .seconds(5)))
        #expect(
            try server.beacons().map(\.target).sorted() == [
                "/beacon/error/overlay?code=501", "/beacon/error/tall?code=601",
            ])
        #expect(try server.stats().requests == 4)
        let seen = await EngineEvents.until(marker: "marker", in: events).filter { !$0.kind.isBeacon }
        #expect(seen.map(EngineEvents.label) == ["requested banner", "failed:noFittingBanner banner"])
    }

    @Test(arguments: [(50.0, true), (50.5, true), (49.99, false)] as [(CGFloat, Bool)])
    func aFiftyPointBannerFitsFiftyAndFiftyAndAHalfButNotFortyNineNinetyNine(_ maxHeight: CGFloat, _ fits: Bool)
        async throws
    {
        try banner("fixed", BannerDocuments.htmlCompanion(id: "box", width: 320, height: 50))
        let engine = try engine(.clipsBottomBanner, [("fixed", 0)])
        let player = try await engine.openPresentation(
            .clips, configuration: ClipsAdConfiguration(bottomBannerEnabled: true))
        let request = request(.clipsBottomBanner, "banner")
        do {
            let ad = try await engine.getBottomBannerAd(for: request, in: player, maxHeight: maxHeight)
            #expect(fits && ad.banner?.size == AdSize(width: 320, height: 50))
        } catch {
            #expect(!fits && error.code == .noFittingBanner && error.vastErrorCode == .companionDoesNotFit)
            #expect(rows(error.report) == ["fixed 0 noFit 601"])
            #expect(
                error.message.hasSuffix(
                    "nothing fits maxHeight 49.99, maxWidth 640: companion 0.0 320x50 html (fixed size)"))
        }
        #expect(await engine.flush(deadline: .now + .seconds(5)))
        #expect(try server.beacons().map(\.target) == (fits ? [] : ["/beacon/error/fixed?code=601"]))
    }
}
