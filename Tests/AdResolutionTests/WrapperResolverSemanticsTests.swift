import AdResolution
import AdTransport
import Foundation
import TestSupport
import Testing
import VAST

/// What players do with real tags (VAST-FACTS 4 and 5): an ad with nothing to render is no ad, pods
/// drop their failed ads, a Wrapper's sequence and companions carry over, error pixels go outermost
/// Wrapper first, and the rest of a buffet can be taken on demand.
@Suite(.serialized) struct WrapperResolverSemanticsTests {
    let server: TestServer
    let client: HTTPClient

    init() throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 4))
    }

    private func resolver(_ configuration: WrapperResolverConfiguration = .init()) -> WrapperResolver {
        WrapperResolver(client: client, errorSink: DiscardingBeaconSink(), configuration: configuration)
    }

    /// The error pixels of a resolution in firing order, as `path?query` on the loopback server.
    private func pixels(_ resolution: VASTResolution) -> [String] {
        resolution.errorBeacons.map { $0.url.replacingOccurrences(of: server.baseURL, with: "") }
    }

    enum DeadCreative: String, CaseIterable, CustomTestStringConvertible {
        case emptyCreatives, linearWithoutMediaFile, mezzanineOnly, nonLinearWithoutResource, companionWithoutResource
        var testDescription: String { rawValue }
        var creatives: String {
            switch self {
            case .emptyCreatives: ""
            case .linearWithoutMediaFile:
                "<Creative><Linear><Duration>00:00:10</Duration><MediaFiles></MediaFiles></Linear></Creative>"
            case .mezzanineOnly:
                "<Creative><Linear><Duration>00:00:10</Duration><MediaFiles><Mezzanine delivery=\"progressive\" "
                    + "type=\"video/mp4\" width=\"1920\" height=\"1080\">{{BASE_URL}}/media/m.mp4</Mezzanine>"
                    + "</MediaFiles></Linear></Creative>"
            case .nonLinearWithoutResource:
                "<Creative><NonLinearAds><NonLinear width=\"300\" height=\"50\"></NonLinear></NonLinearAds></Creative>"
            case .companionWithoutResource:
                "<Creative><CompanionAds><Companion width=\"300\" height=\"250\"></Companion></CompanionAds></Creative>"
            }
        }
    }

    @Test(arguments: DeadCreative.allCases)
    func anInLineWithoutAUsableCreativeIsNoAdAnd303GoesToItsErrorAndEveryWrapper(_ dead: DeadCreative) async throws {
        let url = try server.registerChain(
            "dead-\(dead.rawValue)", hops: 3,
            last: ChainDocuments.vast(
                ChainDocuments.inLineAd(hop: 2, id: "dead", creatives: dead.creatives)))
        let resolution = await resolver().resolve(tagURL: url)
        #expect(resolution.ads.isEmpty)
        #expect(resolution.errorCode == .noAdsAfterWrapper)
        #expect(resolution.hops.map(\.kind) == [.wrapper, .wrapper, .inline])
        #expect(pixels(resolution) == (0...2).map { "/beacon/error/hop\($0)?code=303" })
        #expect(
            resolution.findings.filter { $0.rule == "ad.no-usable-creative" }.map(\.location) == [
                "hop 2: /VAST/Ad[1]/InLine"
            ])
    }

    @Test func anInLineWithoutAUsableCreativeIsNoAdWithoutWrappersToo() async throws {
        try server.register(
            "dead-alone", body: ChainDocuments.vast(ChainDocuments.inLineAd(hop: 0, id: "dead", creatives: "")))
        let resolution = await resolver().resolve(tagURL: server.docURL("dead-alone"))
        #expect(resolution.errorCode == .noAdsAfterWrapper)
        #expect(pixels(resolution) == ["/beacon/error/hop0?code=303"])
        #expect(resolution.failedAds.map(\.ad.id) == ["dead"])
    }

    /// A pod of four: a good ad, an ad with nothing to render, a Wrapper whose tag is gone, a good ad.
    private func registerPodWithDeadAds(_ name: String) throws -> String {
        try server.register("\(name)-gone", body: "gone", status: 404)
        try server.register(
            name,
            body: ChainDocuments.vast(
                ChainDocuments.inLineAd(hop: 0, id: "one", sequence: 1),
                ChainDocuments.inLineAd(hop: 0, id: "dead", sequence: 2, creatives: ""),
                ChainDocuments.wrapperAd(hop: 0, id: "w3", sequence: 3, next: server.docURL("\(name)-gone")),
                ChainDocuments.inLineAd(hop: 0, id: "four", sequence: 4)))
        return server.docURL(name)
    }

    @Test func aPodDropsItsDeadAdsFiresTheirErrorsAndListsThemAsFailed() async throws {
        let resolution = await resolver().resolve(tagURL: try registerPodWithDeadAds("dead-pod"))
        #expect(resolution.ads.map(\.ad.id) == ["one", "four"])
        #expect(resolution.failure == nil)
        #expect(resolution.failedAds.map(\.ad.id) == ["dead", "w3"])
        #expect(resolution.failedAds.map(\.position) == [1, 2])
        #expect(resolution.failedAds.map(\.failure.code) == [.noAdsAfterWrapper, .wrapperTimeout])
        #expect(resolution.failedAds.allSatisfy { $0.resolved == nil })
        #expect(pixels(resolution) == ["/beacon/error/hop0?code=303", "/beacon/error/hop0?code=301"])
        #expect(
            resolution.findings.filter { $0.rule == "ad.failed" }.map(\.location)
                == ["hop 0: /VAST/Ad[2]", "hop 0: /VAST/Ad[3]"])
    }

    @Test func keepingFailedAdsKeepsTheMergedDeadAdForTools() async throws {
        let resolution = await resolver(WrapperResolverConfiguration(keepsFailedAds: true))
            .resolve(tagURL: try registerPodWithDeadAds("kept-pod"))
        #expect(resolution.ads.map(\.ad.id) == ["one", "four"])
        #expect(resolution.failedAds.map { $0.resolved?.ad.id } == ["dead", nil])
    }

    @Test func aPodAdWhoseWrapperLeadsToADeadAdIsThatWrappersFailure() async throws {
        try server.register(
            "nested-dead-1", body: ChainDocuments.vast(ChainDocuments.inLineAd(hop: 1, id: "dead", creatives: "")))
        try server.register(
            "nested-dead-0",
            body: ChainDocuments.vast(
                ChainDocuments.wrapperAd(hop: 0, id: "w1", sequence: 1, next: server.docURL("nested-dead-1")),
                ChainDocuments.inLineAd(hop: 0, id: "two", sequence: 2)))
        let resolution = await resolver().resolve(tagURL: server.docURL("nested-dead-0"))
        #expect(resolution.ads.map(\.ad.id) == ["two"])
        #expect(
            resolution.failedAds.map {
                "\($0.ad.id ?? "") \($0.hop) \($0.failure.code?.rawValue ?? 0) \($0.failure.hop)"
            }
                == ["w1 0 303 1"])
        #expect(pixels(resolution) == ["/beacon/error/hop0?code=303", "/beacon/error/hop1?code=303"])
    }

    @Test func aWrappersSequencePassesToTheOneAdItResolvesToAndAPodKeepsItsOwn() async throws {
        try server.register(
            "seq-pod",
            body: ChainDocuments.vast(
                ChainDocuments.inLineAd(hop: 1, id: "p2", sequence: 2),
                ChainDocuments.inLineAd(hop: 1, id: "p1", sequence: 1)))
        try server.register("seq-single", body: ChainDocuments.vast(ChainDocuments.inLineAd(hop: 2, id: "single")))
        try server.register(
            "seq-0",
            body: ChainDocuments.vast(
                ChainDocuments.wrapperAd(hop: 0, id: "w4", sequence: 4, next: server.docURL("seq-single")),
                ChainDocuments.wrapperAd(
                    hop: 0, id: "w2", sequence: 2, next: server.docURL("seq-pod"),
                    attributes: "allowMultipleAds=\"true\""),
                ChainDocuments.inLineAd(hop: 0, id: "seven", sequence: 7)))
        let resolution = await resolver().resolve(tagURL: server.docURL("seq-0"))
        #expect(resolution.ads.map(\.ad.id) == ["p1", "p2", "single", "seven"])
        #expect(resolution.ads.map(\.sequence) == [1, 2, 4, 7])
        #expect(resolution.ads.map(\.ad.sequence) == [1, 2, nil, 7])
    }

    @Test func companionsThatAVAST3WrapperCarriesWithResourcesAreKeptWithTheirHop() async throws {
        let trackingOnly =
            "<Creative><CompanionAds><Companion width=\"300\" height=\"250\"><TrackingEvents>"
            + "<Tracking event=\"creativeView\">{{BASE_URL}}/beacon/companion/tracking-only</Tracking>"
            + "</TrackingEvents></Companion></CompanionAds></Creative>"
        let inLine = ChainDocuments.inLineAd(hop: 1, id: "inline")
            .replacingOccurrences(
                of: "</Creatives>", with: ChainDocuments.companionCreative(id: "inline-banner") + "</Creatives>")
        try server.register("wc-1", body: ChainDocuments.vast(inLine))
        try server.register(
            "wc-0",
            body: ChainDocuments.vast(
                ChainDocuments.wrapperAd(
                    hop: 0, next: server.docURL("wc-1"),
                    creatives: ChainDocuments.companionCreative(id: "wrapper-banner") + trackingOnly),
                version: "3.0"))
        let resolution = await resolver().resolve(tagURL: server.docURL("wc-0"))
        let ad = try #require(resolution.ads.first)
        #expect(
            ad.companions.map { "\($0.companion.id ?? "-") \($0.hop) \($0.creativeIndex)" }
                == ["inline-banner 1 1", "wrapper-banner 0 0"])
        #expect(
            ad.companions.last?.companion.resources == [
                .staticResource(
                    creativeType: "image/png", url: "\(server.baseURL)/media/wrapper-banner.png")
            ])
        #expect(
            ad.companionTracking.map(\.url)
                == ["wrapper-banner", "tracking-only", "inline-banner"]
                .map { "\(server.baseURL)/beacon/companion/\($0)" })
    }

    enum Failure: String, CaseIterable, CustomTestStringConvertible {
        case noAdResponse, notFound, malformed, loop, deadInLine, blockedCategory
        var testDescription: String { rawValue }
        /// The code, and whether the innermost response (hop 2) hears it too.
        var expected: (code: Int, innermost: Bool) {
            switch self {
            case .noAdResponse: (303, true)
            case .notFound: (301, false)
            case .malformed: (100, false)
            case .loop: (300, true)
            case .deadInLine: (303, true)
            case .blockedCategory: (205, true)
            }
        }
    }

    /// One order for every failure: the outermost Wrapper's Error URIs first, the response the chain
    /// failed on last.
    @Test(arguments: Failure.allCases)
    func everyFailureFiresItsErrorPixelsOutermostWrapperFirst(_ failure: Failure) async throws {
        let name = "order-\(failure.rawValue)"
        let last: String
        switch failure {
        case .noAdResponse: last = ChainDocuments.noAd(hop: 2)
        case .notFound: last = ChainDocuments.inLine(hop: 2)
        case .malformed: last = "<VAST version=\"4.2\"><Ad>"
        case .loop: last = ChainDocuments.wrapper(hop: 2, next: server.docURL("\(name)-0"))
        case .deadInLine: last = ChainDocuments.vast(ChainDocuments.inLineAd(hop: 2, id: "dead", creatives: ""))
        case .blockedCategory:
            last = ChainDocuments.vast(
                ChainDocuments.inLineAd(
                    hop: 2, category: "<Category authority=\"https://iab.com\">IAB25</Category>"))
        }
        let tag = try server.registerChain(name, hops: 3, last: last)
        if failure == .notFound { try server.register("\(name)-2", body: "gone", status: 404) }
        if failure == .blockedCategory {
            try server.register(
                "\(name)-1",
                body: ChainDocuments.wrapper(
                    hop: 1, next: server.docURL("\(name)-2"),
                    blocked: "<BlockedAdCategories authority=\"https://iab.com\">IAB25</BlockedAdCategories>"))
        }
        let resolution = await resolver().resolve(tagURL: tag)
        let (code, innermost) = failure.expected
        #expect(resolution.errorCode?.rawValue == code)
        #expect(pixels(resolution) == (0..<(innermost ? 3 : 2)).map { "/beacon/error/hop\($0)?code=\(code)" })
    }
}
