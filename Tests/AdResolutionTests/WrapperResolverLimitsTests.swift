import AdResolution
import AdTransport
import Foundation
import TestSupport
import Testing
import VAST

/// The work one response can cause is bounded: ads considered, fetches, error pixels, and the
/// tracking URLs of each merged ad. Each bound that is reached says so in a `limits.*` finding.
@Suite(.serialized) struct WrapperResolverLimitsTests {
    let server: TestServer
    let client: HTTPClient

    init() throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 4))
    }

    private func resolver(_ configuration: WrapperResolverConfiguration = .init()) -> WrapperResolver {
        WrapperResolver(client: client, errorSink: DiscardingBeaconSink(), configuration: configuration)
    }

    /// The `limits.*` rules a resolution reported; each must be a catalogued rule, so that `vastcheck rules`
    /// lists it and `--disable` can tune it.
    private func rules(_ resolution: VASTResolution) -> [String] {
        let limits = resolution.findings.map(\.rule).filter { $0.hasPrefix("limits.") }
        for rule in Set(limits) { #expect(VASTRuleCatalog.rule(id: rule) != nil, "\(rule) is not catalogued") }
        return limits
    }

    /// The hostile ad of the hardening issue: 2 MB holding 57,000 `<Impression>` elements, which the
    /// impression would have fired at once.
    @Test func anAdWith57000ImpressionsKeepsTheFirst64() async throws {
        let impressions = String(repeating: "<Impression>http://127.0.0.1/i</Impression>", count: 57_000)
        let ad = ChainDocuments.inLineAd(hop: 1).replacingOccurrences(
            of: "<AdServingId>", with: impressions + "<AdServingId>")
        try server.register("many-impressions", body: ChainDocuments.vast(ad))
        try server.register("many-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("many-impressions")))
        var configuration = WrapperResolverConfiguration()
        configuration.parserLimits.maxBytes = 4 << 20
        let resolution = await resolver(configuration).resolve(tagURL: server.docURL("many-0"))
        let merged = try #require(resolution.ads.first)
        #expect(merged.impressions.count == 64)
        #expect(merged.impressions.prefix(2).map(\.hop) == [0, 1])
        #expect(merged.impressions.dropFirst(2).allSatisfy { $0 == TrackedURL(url: "http://127.0.0.1/i", hop: 1) })
        #expect(rules(resolution) == ["limits.urls-per-event"])
        #expect(
            resolution.findings.first { $0.rule == "limits.urls-per-event" }?.message
                .contains("impression kept 64 of 57002") == true)
    }

    /// The pod of the hardening issue: 5,000 Wrapper ads in one response, each leading nowhere.
    /// Without bounds it made 341 fetches and 4,661 error pixels; now 50 ads are considered, each
    /// fetched once and heard once.
    @Test func aPodOf5000WrapperAdsConsidersTheFirst50() async throws {
        try server.register("pod-target", body: "gone", status: 404)
        let ads = (1...5_000).map { index in
            "<Ad id=\"w\(index)\" sequence=\"\(index)\"><Wrapper><AdSystem>s</AdSystem>"
                + "<Error>{{BASE_URL}}/beacon/error/w\(index)?code=[ERRORCODE]</Error>"
                + "<VASTAdTagURI>{{BASE_URL}}/doc/pod-target</VASTAdTagURI></Wrapper></Ad>"
        }.joined()
        try server.register("pod-5000", body: ChainDocuments.vast(ads))
        let resolution = await resolver().resolve(tagURL: server.docURL("pod-5000"))
        #expect(resolution.errorCode == .wrapperTimeout)
        #expect(try server.stats().byPath["/doc/pod-target"] == 50)
        #expect(resolution.errorBeacons.map(\.url) == (1...50).map { "\(server.baseURL)/beacon/error/w\($0)?code=301" })
        #expect(resolution.failedAds.map(\.position) == Array(0..<50))
        #expect(rules(resolution) == ["limits.ads-per-response"])
    }

    @Test func theFetchBudgetStopsAPodAndTheAdsPastItFailWith302() async throws {
        var ads: [String] = []
        for index in 1...5 {
            try server.register(
                "budget-\(index)", body: ChainDocuments.vast(ChainDocuments.inLineAd(hop: 1, id: "ad\(index)")))
            ads.append(
                ChainDocuments.wrapperAd(
                    hop: 0, id: "w\(index)", sequence: index, next: server.docURL("budget-\(index)")))
        }
        try server.register("budget-0", body: ChainDocuments.vast(ads.joined()))
        let resolution = await resolver(WrapperResolverConfiguration(maxFetches: 3)).resolve(
            tagURL: server.docURL("budget-0"))
        #expect(resolution.ads.map(\.ad.id) == ["ad1", "ad2"])
        #expect(resolution.failedAds.map(\.ad.id) == ["w3", "w4", "w5"])
        #expect(resolution.failedAds.map(\.failure.code) == [.wrapperLimit, .wrapperLimit, .wrapperLimit])
        #expect(resolution.hops.map(\.status) == [200, 200, 200, nil, nil, nil])
        #expect(rules(resolution) == ["limits.fetches"])
        #expect(try server.stats().requests == 3)
    }

    @Test func errorPixelsPastTheBudgetAreCountedAndNotFired() async throws {
        let url = try server.registerChain("pixels", hops: 5, last: "")
        let resolution = await resolver(WrapperResolverConfiguration(maxErrorPixels: 2)).resolve(tagURL: url)
        #expect(resolution.errorCode == .noAdsAfterWrapper)
        #expect(
            resolution.errorBeacons.map(\.url) == (0...1).map { "\(server.baseURL)/beacon/error/hop\($0)?code=303" })
        #expect(rules(resolution) == ["limits.error-pixels"])
        #expect(resolution.findings.last?.message.hasPrefix("2 error pixels were not fired") == true)
    }

    @Test func progressOffsetsAndTrackingURLsPastTheMergeLimitsAreDropped() async throws {
        let progress = (1...10).map {
            "<Tracking event=\"progress\" offset=\"00:00:0\($0 % 10)\">{{BASE_URL}}/p\($0)</Tracking>"
        }
        .joined()
        let ad = ChainDocuments.inLineAd(hop: 0).replacingOccurrences(
            of: "<TrackingEvents>", with: "<TrackingEvents>" + progress)
        let limits = ResolvedAd.Limits(maxURLsPerEvent: 64, maxURLsPerAd: 6, maxProgressOffsets: 3)
        let resolution = await resolver(WrapperResolverConfiguration(mergeLimits: limits))
            .resolve(document: Array(ChainDocuments.vast(ad).utf8), source: "progress.xml")
        let merged = try #require(resolution.ads.first)
        #expect(merged.impressions.count == 1 && merged.errors.count == 1)
        #expect(
            merged.linearTracking.map { "\($0.event)@\($0.offset.map(String.init(describing:)) ?? "-")" } == [
                "progress@00:00:01.000", "progress@00:00:02.000", "progress@00:00:03.000", "start@-",
            ])
        #expect(merged.clickTracking.isEmpty)
        #expect(rules(resolution) == ["limits.urls-per-ad", "limits.progress-offsets"])
    }
}
