import AdEngine
import AdPlacement
import AdTransport
import Creatives
import Foundation
import TestSupport
import Testing
import VAST

/// `getAd` with a creative cache: real files made by ffmpeg, served from loopback, downloaded, probed.
@Suite(.serialized, .enabled(if: TestMedia.available, "ffmpeg is not installed"))
struct GetAdCreativeTests {
    let fixture: CacheFixture

    init() async throws {
        try await TestMedia.prepare()
        fixture = try CacheFixture("getad-creative")
        try fixture.serve(copyOf: TestMedia.path(.h264FastStart360p), as: "good.mp4")
        try fixture.serve(copyOf: TestMedia.path(.h264FastStart40s), as: "long.mp4")
        try fixture.serve(copyOf: TestMedia.path(.webmVP9), as: "vp9.webm")
        try fixture.serve(copyOf: TestMedia.path(.randomBytes), as: "noise.mp4")
        try fixture.serve(copyOf: TestMedia.path(.truncated), as: "cut.mp4")
    }

    private func engine(
        _ sources: [(name: String, document: String, tier: Int)], readiness: CreativeReadiness = .default,
        placement: Placement = .clipsBetweenItems, cache: Bool = true, budget: Duration = .seconds(20)
    ) throws -> AdEngine {
        let settings = try sources.map { source in
            try fixture.server.register(source.name, body: source.document)
            return PlacementSourceSettings(
                name: source.name, tier: source.tier, kind: .tag(urlTemplate: fixture.server.docURL(source.name)),
                timeoutMilliseconds: 5_000)
        }
        return try AdEngine(
            configuration: AdEngineConfiguration(
                settings: TenantSettings(
                    tenantId: "test", placements: [placement: PlacementSettings(enabled: true, sources: settings)]),
                beaconStorePath: fixture.scratch.url.appendingPathComponent("beacons.sqlite").path,
                overallTimeout: budget,
                creatives: cache
                    ? CreativeSettings(
                        cache: CreativeCacheConfiguration(directory: fixture.cacheFolder), readiness: readiness) : nil))
    }

    private func request(_ placement: Placement = .clipsBetweenItems) -> AdRequestInfo {
        AdRequestInfo(placement: placement, itemId: "clip-1", playerSize: AdSize(width: 640, height: 360))
    }

    /// The error pixels that arrived, as `path?query`, sorted (they are sent in parallel).
    private func errorPixels(count: Int, _ engine: AdEngine) async throws -> [String] {
        _ = await engine.flush(deadline: .now + .seconds(5))
        return try await fixture.server.waitForBeacons(count: count, timeout: 2).map(\.target)
            .filter { $0.hasPrefix("/beacon/error/") }.sorted()
    }

    private typealias R = CreativeDocuments.Rendition

    @Test func theAdCarriesItsMediaFileDownloadedAndVerified() async throws {
        let engine = try engine([
            ("main", CreativeDocuments.vast(CreativeDocuments.ad("a", renditions: [R(path: "good.mp4")])), 0)
        ])
        let ad = try await engine.getAd(for: request())
        let ready = try #require(ad.readyCreative)
        let media = try #require(ready.media)
        #expect(ad.mediaFile?.url == fixture.server.mediaURL("good.mp4"))
        #expect(ready.mediaFile == ad.mediaFile)
        #expect(media.origin == .downloaded)
        #expect(try contents(media.path) == TestMedia.bytes(.h264FastStart360p))
        #expect(ready.description?.width == 640)
        #expect(ready.description?.videoCodec == "h264")
        #expect(abs((ready.description?.durationSeconds ?? 0) - 15) < 0.5)
        #expect(ready.refused == [])
        #expect(ad.report.sources.map(\.outcome) == [.won])
        #expect(try await errorPixels(count: 0, engine) == [])
    }

    @Test func aRenditionThatFailsGivesWayToTheNextAndTheAdSendsNoError() async throws {
        // The selector prefers the exact player size, so the 404 is tried first.
        let renditions = [R(path: "missing.mp4"), R(path: "good.mp4", width: 1280, height: 720)]
        let engine = try engine([("main", CreativeDocuments.vast(CreativeDocuments.ad("a", renditions: renditions)), 0)]
        )
        let ad = try await engine.getAd(for: request())
        #expect(ad.mediaFile?.url == fixture.server.mediaURL("good.mp4"))
        #expect(ad.readyCreative?.refused.map(\.vastErrorCode?.rawValue) == [401])
        #expect(ad.readyCreative?.refused.first?.url == fixture.server.mediaURL("missing.mp4"))
        #expect(ad.report.sources.map(\.outcome) == [.won])
        #expect(try await errorPixels(count: 0, engine) == [])
    }

    @Test func anAdWhoseFilesFailSendsItsCodeAndTheNextAdOfTheResponseIsTried() async throws {
        let document = CreativeDocuments.vast(
            CreativeDocuments.ad("broken", renditions: [R(path: "noise.mp4")]),
            CreativeDocuments.ad("fine", renditions: [R(path: "good.mp4")]))
        let engine = try engine([("main", document, 0)])
        let ad = try await engine.getAd(for: request())
        #expect(ad.id == "fine")
        #expect(ad.readyCreative?.refused.map(\.vastErrorCode?.rawValue) == [405])
        #expect(ad.report.sources.map(\.outcome) == [.won])
        #expect(try await errorPixels(count: 1, engine) == ["/beacon/error/broken?code=405"])
    }

    @Test func aSourceWhoseAdsAllFailIsAnErrorInTheReportAndTheNextTierWins() async throws {
        let engine = try engine([
            ("first", CreativeDocuments.vast(CreativeDocuments.ad("first", renditions: [R(path: "missing.mp4")])), 0),
            ("second", CreativeDocuments.vast(CreativeDocuments.ad("second", renditions: [R(path: "good.mp4")])), 1),
        ])
        let ad = try await engine.getAd(for: request())
        #expect(ad.id == "second")
        #expect(ad.report.sources.map(\.source) == ["first", "second"])
        #expect(ad.report.sources.map(\.outcome) == [.error, .won])
        #expect(ad.report.sources[0].errorCode?.rawValue == 401)
        #expect(ad.report.sources[0].message.hasPrefix("no playable creative: 401 "))
        #expect(try await errorPixels(count: 1, engine) == ["/beacon/error/first?code=401"])
    }

    /// Each way a file fails, the code its ad's Error URL receives.
    @Test(arguments: [
        ("missing.mp4", "video/mp4", "00:00:15", 401),
        ("good.mp4?status=500", "video/mp4", "00:00:15", 401),
        ("good.mp4?stall_after=4000", "video/mp4", "00:00:15", 402),
        ("good.mp4", "video/webm", "00:00:15", 403),
        ("vp9.webm", "video/mp4", "00:00:15", 403),
        ("noise.mp4", "video/mp4", "00:00:15", 405),
        ("cut.mp4", "video/mp4", "00:00:15", 405),
        ("long.mp4", "video/mp4", "00:00:15", 202),
    ])
    func eachFailureSendsItsIABCode(path: String, type: String, duration: String, code: Int) async throws {
        let document = CreativeDocuments.vast(
            CreativeDocuments.ad("ad", duration: duration, renditions: [R(path: path, type: type)]))
        let engine = try engine(
            [("main", document, 0)], readiness: CreativeReadiness(timeBudget: .seconds(2)))
        await #expect {
            try await engine.getAd(for: request())
        } throws: { error in
            let error = error as? AdEngineError
            return error?.report?.sources.first?.errorCode?.rawValue == code
        }
        #expect(try await errorPixels(count: 1, engine) == ["/beacon/error/ad?code=\(code)"])
    }

    @Test func twoConcurrentGetAdsDownloadTheFileOnce() async throws {
        let rendition = R(path: "good.mp4?rate_kbps=800")
        let engine = try engine([
            ("main", CreativeDocuments.vast(CreativeDocuments.ad("a", renditions: [rendition])), 0)
        ])
        async let first = engine.getAd(for: request())
        async let second = engine.getAd(for: request())
        let ads = try await [first, second]
        let paths = ads.map { $0.readyCreative?.media?.path }
        #expect(paths[0] != nil && paths[0] == paths[1])
        #expect(try fixture.server.mediaLog().map(\.path) == ["/media/good.mp4"])
    }

    @Test func closingThePresentationEndsACallWaitingForItsCreativeAndTheDownloadGoesOn() async throws {
        // The file comes at 300 KiB/s, so the call waits for its creative: that wait runs in the caller's task,
        // and closing the presentation must end it at once, but not the download, which belongs to whoever
        // joins it: the next call gets the file from that one request.
        let ad = CreativeDocuments.ad("a", renditions: [R(path: "good.mp4?rate_kbps=300")])
        let engine = try engine([("main", CreativeDocuments.vast(ad), 0)])
        let optedIn = ClipsAdConfiguration(preRollEnabled: true, bottomBannerEnabled: true)
        let closing = try await engine.openPresentation(.clips, configuration: optedIn)
        let request = request()
        let call = inFlight { () throws(AdEngineError) in try await engine.getAd(for: request, in: closing) }
        let deadline = ContinuousClock.now + .seconds(5)
        while try fixture.server.mediaLog().isEmpty, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(5))
        }
        try await Task.sleep(for: .milliseconds(100))
        try await engine.closePresentation(closing)
        let closedAt = ContinuousClock.now
        let error = await call.value
        #expect(ContinuousClock.now - closedAt < .seconds(1))
        #expect(error?.code == .presentationClosed)

        let next = try await engine.getAd(for: request, in: engine.openPresentation(.clips, configuration: optedIn))
        #expect(next.readyCreative?.media?.origin != nil)
        #expect(try fixture.server.mediaLog().map(\.path) == ["/media/good.mp4"])
    }

    @Test func withoutACacheTheAdIsReturnedAsBeforeAndNothingIsFetched() async throws {
        let engine = try engine(
            [("main", CreativeDocuments.vast(CreativeDocuments.ad("a", renditions: [R(path: "missing.mp4")])), 0)],
            cache: false)
        let ad = try await engine.getAd(for: request())
        #expect(ad.readyCreative == nil)
        #expect(ad.mediaFile?.url == fixture.server.mediaURL("missing.mp4"))
        #expect(try fixture.server.mediaLog() == [])
    }

    @Test func aPlacementThatDoesNotWaitIsReturnedAsBefore() async throws {
        let engine = try engine(
            [("main", CreativeDocuments.vast(CreativeDocuments.ad("a", renditions: [R(path: "missing.mp4")])), 0)],
            readiness: .notWaited)
        let ad = try await engine.getAd(for: request())
        #expect(ad.readyCreative == nil)
        #expect(try fixture.server.mediaLog() == [])
    }

    @Test func aBannersImageIsDownloadedAndOneThatIsNotAnImageSends604() async throws {
        try Data(Self.png).write(to: fixture.media.appendingPathComponent("banner.png"))
        let engine = try engine(
            [
                ("broken", CreativeDocuments.vast(CreativeDocuments.companionAd("broken", image: "noise.mp4")), 0),
                ("fine", CreativeDocuments.vast(CreativeDocuments.companionAd("fine", image: "banner.png")), 1),
            ], placement: .clipsBottomBanner)
        await engine.presentationStarted(ClipsAdConfiguration(preRollEnabled: false, bottomBannerEnabled: true))
        let ad = try await engine.getBottomBannerAd(for: request(.clipsBottomBanner), maxHeight: 60)
        #expect(ad.id == "fine")
        let image = try #require(ad.readyCreative?.bannerImage)
        #expect(try contents(image.path) == Self.png)
        #expect(ad.report.sources.map(\.outcome) == [.error, .won])
        #expect(try await errorPixels(count: 1, engine) == ["/beacon/error/broken?code=604"])
    }

    /// A 1x1 PNG.
    static let png: [UInt8] = [
        0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00,
        0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00,
        0x0D, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0x00, 0x01, 0x00, 0x00, 0x05, 0x00, 0x01, 0x0D, 0x0A, 0x2D,
        0xB4, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
    ]
}
