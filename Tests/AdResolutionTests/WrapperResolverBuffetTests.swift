import AdResolution
import AdTransport
import Foundation
import TestSupport
import Testing
import VAST

/// The VAST 4 ad buffet (IAB 4.3 section 3.3.1, VAST-FACTS 5): stand-alone ads stand in for failed pod
/// ads, and the ones left over stay available, in order, for the caller to resolve on demand.
@Suite(.serialized) struct WrapperResolverBuffetTests {
    let server: TestServer
    let client: HTTPClient

    init() throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 4))
    }

    private var resolver: WrapperResolver {
        WrapperResolver(client: client, errorSink: DiscardingBeaconSink())
    }

    @Test func theRemainingStandAloneAdsCanBeResolvedOneByOneAfterTheFirstFails() async throws {
        try server.register("buffet-gone", body: "gone", status: 404)
        try server.register("buffet-three", body: ChainDocuments.vast(ChainDocuments.inLineAd(hop: 2, id: "three")))
        try server.register(
            "buffet-0",
            body: ChainDocuments.vast(
                ChainDocuments.wrapperAd(hop: 0, id: "w1", next: server.docURL("buffet-gone")),
                ChainDocuments.inLineAd(hop: 0, id: "two"),
                ChainDocuments.wrapperAd(hop: 0, id: "w3", next: server.docURL("buffet-three"))))
        let first = await resolver.resolve(tagURL: server.docURL("buffet-0"))
        #expect(first.errorCode == .wrapperTimeout)
        #expect(first.failedAds.map(\.ad.id) == ["w1"])
        #expect(first.remaining.map(\.ad.id) == ["two", "w3"])
        #expect(first.remaining.map(\.position) == [1, 2])

        let second = try #require(await resolver.resolveNext(after: first))
        #expect(second.ads.map(\.ad.id) == ["two"])
        #expect(second.ads.first?.hop == 0)
        #expect(second.hops.map(\.index) == [0, 1])
        #expect(second.remaining.map(\.ad.id) == ["w3"])
        #expect(second.failedAds.isEmpty && second.errorBeacons.isEmpty)

        let third = try #require(await resolver.resolveNext(after: second))
        #expect(third.ads.map(\.ad.id) == ["three"])
        #expect(third.hops.map(\.index) == [0, 1, 2])
        #expect(third.hops.last?.url == server.docURL("buffet-three"))
        #expect(third.ads.first?.impressions.map(\.hop) == [0, 2])
        #expect(third.remaining.isEmpty)
        #expect(await resolver.resolveNext(after: third) == nil)
    }

    @Test func afterAPodTheUnusedStandAloneAdsRemainAndAStandInPlaysInTheFailedAdsPlace() async throws {
        try server.register("pod-buffet-gone", body: "gone", status: 404)
        try server.register(
            "pod-buffet-0",
            body: ChainDocuments.vast(
                ChainDocuments.inLineAd(hop: 0, id: "s1"),
                ChainDocuments.inLineAd(hop: 0, id: "three", sequence: 3),
                ChainDocuments.wrapperAd(hop: 0, id: "w2", sequence: 2, next: server.docURL("pod-buffet-gone")),
                ChainDocuments.inLineAd(hop: 0, id: "one", sequence: 1),
                ChainDocuments.inLineAd(hop: 0, id: "s2")))
        let resolution = await resolver.resolve(tagURL: server.docURL("pod-buffet-0"))
        #expect(resolution.ads.map(\.ad.id) == ["one", "s1", "three"])
        #expect(resolution.ads.map(\.sequence) == [1, 2, 3])
        #expect(resolution.failedAds.map(\.ad.id) == ["w2"])
        #expect(resolution.remaining.map(\.ad.id) == ["s2"])
    }

    @Test func aRemainingAdBehindAWrapperKeepsTheWrappersTrackingWhenResolvedLater() async throws {
        try server.register(
            "behind-1",
            body: ChainDocuments.vast(
                ChainDocuments.inLineAd(hop: 1, id: "a"), ChainDocuments.inLineAd(hop: 1, id: "b")))
        try server.register(
            "behind-0",
            body: ChainDocuments.wrapper(
                hop: 0, next: server.docURL("behind-1"), attributes: "allowMultipleAds=\"true\""))
        let first = await resolver.resolve(tagURL: server.docURL("behind-0"))
        #expect(first.ads.map(\.ad.id) == ["a"])
        #expect(first.remaining.map { "\($0.ad.id ?? "") \($0.hop)" } == ["b 1"])
        let next = try #require(await resolver.resolveNext(after: first))
        let ad = try #require(next.ads.first)
        #expect(ad.ad.id == "b")
        #expect(ad.impressions.map(\.hop) == [0, 1])
        #expect(ad.wrappers.map(\.hop) == [0])
    }

    @Test func withoutAllowMultipleAdsTheOtherStandAloneAdsBehindAWrapperDoNotRemain() async throws {
        try server.register(
            "single-behind-1",
            body: ChainDocuments.vast(
                ChainDocuments.inLineAd(hop: 1, id: "a"), ChainDocuments.inLineAd(hop: 1, id: "b")))
        try server.register(
            "single-behind-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("single-behind-1")))
        let resolution = await resolver.resolve(tagURL: server.docURL("single-behind-0"))
        #expect(resolution.ads.map(\.ad.id) == ["a"])
        #expect(resolution.remaining.isEmpty)
    }
}
