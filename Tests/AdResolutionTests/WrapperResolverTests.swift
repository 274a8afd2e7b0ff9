import AdResolution
import AdTransport
import Foundation
import TestSupport
import Testing
import VAST

/// Wrapper chains served by the loopback server, resolved over real libcurl.
@Suite(.serialized) struct WrapperResolverTests {
    let server: TestServer
    let client: HTTPClient
    let sink: DirectBeaconSender

    init() throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 4))
        sink = DirectBeaconSender(client: client)
    }

    private func resolver(_ configuration: WrapperResolverConfiguration = .init()) -> WrapperResolver {
        WrapperResolver(client: client, errorSink: sink, configuration: configuration)
    }

    @discardableResult
    private func chain(_ name: String, hops: Int, last: String? = nil) throws -> String {
        try server.registerChain(name, hops: hops, last: last)
    }

    /// The error pixels the server received, as "hopN code" in arrival order.
    private func errorPixels() throws -> [String] {
        try server.beacons().filter { $0.path.hasPrefix("/beacon/error/") }.map { beacon in
            "\(beacon.path.replacingOccurrences(of: "/beacon/error/", with: "")) \(beacon.query)"
        }
    }

    @Test(arguments: 1...6)
    func chainsOfOneToSixHopsResolveToTheirInLine(_ hops: Int) async throws {
        let url = try chain("c\(hops)", hops: hops)
        let resolution = await resolver().resolve(tagURL: url)
        #expect(resolution.failure == nil)
        #expect(resolution.hops.map(\.kind) == Array(repeating: .wrapper, count: hops - 1) + [.inline])
        #expect(resolution.hops.map(\.status) == Array(repeating: 200, count: hops))
        let ad = try #require(resolution.ads.first)
        #expect(ad.hop == hops - 1)
        #expect(ad.impressions.map(\.hop) == Array(0..<hops))
        #expect(try errorPixels().isEmpty)
    }

    @Test func sevenHopsExceedTheDepthLimitAndEveryWrapperHears302() async throws {
        let url = try chain("deep", hops: 7)
        let resolution = await resolver().resolve(tagURL: url)
        #expect(resolution.errorCode == .wrapperLimit)
        #expect(resolution.hops.count == 7)
        #expect(resolution.hops.last?.kind == .error && resolution.hops.last?.status == nil)
        #expect(try errorPixels().sorted() == (0..<6).map { "hop\($0) code=302" })
    }

    @Test func aWrapperThatPointsAtItselfIsALoop() async throws {
        try server.register("self-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("self-0")))
        let resolution = await resolver().resolve(tagURL: server.docURL("self-0"))
        #expect(resolution.errorCode == .wrapper)
        #expect(resolution.hops.count == 2)
        // Exactly one loop finding: a duplicate (the loop reported at each hop) would be a bug.
        #expect(
            resolution.findings.filter { $0.rule == "wrapper.loop" }.map(\.message) == [
                "wrapper loop: \(server.docURL("self-0")) was already requested in this chain"
            ])
        #expect(try errorPixels() == ["hop0 code=300"])
    }

    @Test func aChainThatComesBackToItsStartIsALoop() async throws {
        try server.register("ab-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("ab-1")))
        try server.register("ab-1", body: ChainDocuments.wrapper(hop: 1, next: server.docURL("ab-0") + "#again"))
        let resolution = await resolver().resolve(tagURL: server.docURL("ab-0"))
        #expect(resolution.errorCode == .wrapper)
        #expect(resolution.findings.filter { $0.message.contains("loop") }.map(\.rule) == ["wrapper.loop"])
        #expect(try errorPixels().sorted() == ["hop0 code=300", "hop1 code=300"])
    }

    enum Fault: String, CaseIterable, CustomTestStringConvertible {
        case timeout, notFound, serverError, noContent, malformed
        var testDescription: String { rawValue }
        /// The IAB code at hop `at`: 301 is a Wrapper's VASTAdTagURI (VAST 4.3 section 2.3.6.3); the tag's own
        /// request failing has none.
        func code(at hop: Int) -> Int? {
            switch self {
            case .timeout, .notFound, .serverError: hop == 0 ? nil : 301
            case .noContent: 303
            case .malformed: 100
            }
        }
    }

    @Test(arguments: Fault.allCases, 0...2)
    func aFaultAtAnyHopEndsTheChainWithItsCodeFiredToEveryWrapperBeforeIt(_ fault: Fault, _ at: Int) async throws {
        let name = "fault-\(fault.rawValue)-\(at)"
        for hop in 0..<3 where hop != at {
            try server.register(
                "\(name)-\(hop)",
                body: hop == 2
                    ? ChainDocuments.inLine(hop: hop)
                    : ChainDocuments.wrapper(hop: hop, next: server.docURL("\(name)-\(hop + 1)")))
        }
        let faulty = "\(name)-\(at)"
        switch fault {
        case .timeout: try server.register(faulty, body: ChainDocuments.inLine(hop: at))
        case .notFound: try server.register(faulty, body: "missing", status: 404)
        case .serverError: try server.register(faulty, body: ChainDocuments.inLine(hop: at), status: 500)
        case .noContent: try server.register(faulty, body: "", status: 204)
        case .malformed: try server.register(faulty, body: "<VAST version=\"4.2\"><Ad><InLine>")
        }
        let tag = server.docURL("\(name)-0") + (fault == .timeout && at == 0 ? "?delay_ms=2000" : "")
        if fault == .timeout && at > 0 {
            try server.register(
                "\(name)-\(at - 1)",
                body: ChainDocuments.wrapper(
                    hop: at - 1, next: server.docURL(faulty) + "?delay_ms=2000"))
        }
        let configuration = WrapperResolverConfiguration(
            firstRequestTimeout: .milliseconds(400), laterRequestTimeout: .milliseconds(400))
        let resolution = await resolver(configuration).resolve(tagURL: tag)
        #expect(resolution.errorCode?.rawValue == fault.code(at: at))
        #expect(resolution.hops.count == at + 1)
        #expect(resolution.hops.last?.kind == (fault == .noContent ? .noAd : .error))
        #expect(try errorPixels().sorted() == (0..<at).map { "hop\($0) code=\(fault.code(at: at) ?? 0)" })
        if fault.code(at: at) == nil {
            #expect(resolution.failure?.requestError?.code == (fault == .timeout ? .timeout : .badStatus))
            #expect(resolution.hops.last?.errorCode == nil)
        }
    }

    @Test func redirectsAndCompressedHopsAreFollowed() async throws {
        try server.register("rz-1", body: ChainDocuments.inLine(hop: 1))
        let next =
            server.url("/redirect?to=") + server.docURL("rz-1").replacingOccurrences(of: ":", with: "%3A")
            + "%3Fgzip%3D1"
        try server.register("rz-0", body: ChainDocuments.wrapper(hop: 0, next: next))
        let resolution = await resolver().resolve(tagURL: server.docURL("rz-0") + "?gzip=1")
        #expect(resolution.failure == nil)
        #expect(resolution.ads.count == 1)
        #expect(resolution.hops.map(\.kind) == [.wrapper, .inline])
    }

    @Test func aNoAdResponseEndsWith303FiredToItsOwnErrorAndEveryWrapper() async throws {
        let url = try chain("noad", hops: 3, last: ChainDocuments.noAd(hop: 2))
        let resolution = await resolver().resolve(tagURL: url)
        #expect(resolution.errorCode == .noAdsAfterWrapper)
        #expect(resolution.hops.map(\.kind) == [.wrapper, .wrapper, .noAd])
        #expect(try errorPixels().sorted() == ["hop0 code=303", "hop1 code=303", "hop2 code=303"])
    }

    @Test func aPodReachedThroughAWrapperPlaysInSequenceWithTheWrappersTracking() async throws {
        let pod =
            "<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\">"
            + ChainDocuments.inLineAd(hop: 1, id: "third", sequence: 3)
            + ChainDocuments.inLineAd(hop: 1, id: "first", sequence: 1)
            + ChainDocuments.inLineAd(hop: 1, id: "second", sequence: 2) + ChainDocuments.inLineAd(hop: 1, id: "spare")
            + "</VAST>"
        try server.register("pod-1", body: pod)
        try server.register(
            "pod-0",
            body: ChainDocuments.wrapper(
                hop: 0, next: server.docURL("pod-1"), attributes: "allowMultipleAds=\"true\""))
        let resolution = await resolver().resolve(tagURL: server.docURL("pod-0"))
        #expect(resolution.ads.map(\.ad.id) == ["first", "second", "third"])
        for ad in resolution.ads {
            #expect(ad.impressions.map(\.hop) == [0, 1])
            #expect(ad.wrappers.map(\.hop) == [0])
        }
    }

    @Test func withoutAllowMultipleAdsOnlyTheFirstStandAloneAdIsUsed() async throws {
        let body =
            "<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\">"
            + ChainDocuments.inLineAd(hop: 1, id: "podded", sequence: 1) + ChainDocuments.inLineAd(hop: 1, id: "alone")
            + ChainDocuments.inLineAd(hop: 1, id: "other") + "</VAST>"
        try server.register("single-1", body: body)
        try server.register("single-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("single-1")))
        let resolution = await resolver().resolve(tagURL: server.docURL("single-0"))
        #expect(resolution.ads.map(\.ad.id) == ["alone"])
    }

    @Test func fallbackOnNoAdUsesAStandAloneAdOfTheSameResponse() async throws {
        try server.register("fb-1", body: ChainDocuments.noAd(hop: 1))
        let wrapper = ChainDocuments.wrapper(hop: 0, next: server.docURL("fb-1"), attributes: "fallbackOnNoAd=\"true\"")
        let first = wrapper.replacingOccurrences(
            of: "<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\">", with: ""
        )
        .replacingOccurrences(of: "</VAST>", with: "")
        try server.register(
            "fb-0",
            body: "<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\">" + first
                + ChainDocuments.inLineAd(hop: 0, id: "fallback") + "</VAST>")
        let resolution = await resolver().resolve(tagURL: server.docURL("fb-0"))
        #expect(resolution.ads.map(\.ad.id) == ["fallback"])
        #expect(resolution.failure == nil)
        #expect(try errorPixels().sorted() == ["hop0 code=303", "hop1 code=303"])
    }

    @Test func aBuffetAdReplacesAPodAdThatFails() async throws {
        try server.register("buffet-broken", body: "", status: 500)
        let brokenWrapper = ChainDocuments.wrapper(hop: 0, next: server.docURL("buffet-broken"))
            .replacingOccurrences(of: "<Ad id=\"w0\">", with: "<Ad id=\"w0\" sequence=\"1\">")
            .replacingOccurrences(of: "<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\">", with: "")
            .replacingOccurrences(of: "</VAST>", with: "")
        try server.register(
            "buffet-0",
            body: "<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\">" + brokenWrapper
                + ChainDocuments.inLineAd(hop: 0, id: "two", sequence: 2)
                + ChainDocuments.inLineAd(hop: 0, id: "stand-in")
                + "</VAST>")
        let resolution = await resolver().resolve(tagURL: server.docURL("buffet-0"))
        #expect(resolution.ads.map(\.ad.id) == ["stand-in", "two"])
    }

    @Test func aWrappersBlockedCategoryRejectsTheInLineWith205() async throws {
        try server.register(
            "blk-1",
            body: "<VAST version=\"4.2\" xmlns=\"http://www.iab.com/VAST\">"
                + ChainDocuments.inLineAd(hop: 1, category: "<Category authority=\"https://iab.com\">IAB25</Category>")
                + "</VAST>")
        try server.register(
            "blk-0",
            body: ChainDocuments.wrapper(
                hop: 0, next: server.docURL("blk-1"),
                blocked: "<BlockedAdCategories authority=\"https://iab.com\">IAB25</BlockedAdCategories>"))
        let resolution = await resolver().resolve(tagURL: server.docURL("blk-0"))
        #expect(resolution.errorCode == .categoryBlocked)
        #expect(try errorPixels().sorted() == ["hop0 code=205", "hop1 code=205"])
    }

    @Test func theMergedTrackingOfAThreeHopChainKeepsEveryURLWithItsEventAndHop() async throws {
        let url = try chain("merge", hops: 3)
        let resolution = await resolver().resolve(tagURL: url)
        let ad = try #require(resolution.ads.first)
        let base = server.baseURL
        #expect(
            ad.impressions == [
                TrackedURL(url: "\(base)/beacon/impression/hop0", hop: 0),
                TrackedURL(url: "\(base)/beacon/impression/hop1", hop: 1),
                TrackedURL(url: "\(base)/beacon/impression/hop2?ad=inline", hop: 2),
            ])
        #expect(ad.errors == (0...2).map { TrackedURL(url: "\(base)/beacon/error/hop\($0)?code=[ERRORCODE]", hop: $0) })
        #expect(
            ad.linearTracking.map { "\($0.event.rawValue)\($0.offset.map { "@\($0)" } ?? "") \($0.url) \($0.hop)" } == [
                "start \(base)/beacon/start/hop0 0",
                "progress@00:00:02.000 \(base)/beacon/progress/hop0 0",
                "start \(base)/beacon/start/hop1 1",
                "progress@00:00:02.000 \(base)/beacon/progress/hop1 1",
                "start \(base)/beacon/start/hop2 2",
                "complete \(base)/beacon/complete/hop2 2",
            ])
        #expect(ad.clickTracking == (0...2).map { TrackedURL(url: "\(base)/beacon/click/hop\($0)", hop: $0) })
        #expect(ad.clickThrough == TrackedURL(url: "\(base)/landing/inline", hop: 2))
        #expect(ad.wrappers.map(\.hop) == [0, 1])
    }

    @Test func cancellingTheResolvingTaskStopsTheHungTransferAndReportsTheHopCancelled() async throws {
        try server.register("cancel-0", body: ChainDocuments.wrapper(hop: 0, next: server.url("/hang")))
        let resolver = self.resolver()
        let url = server.docURL("cancel-0")
        let task = Task { await resolver.resolve(tagURL: url) }
        try await Task.sleep(for: .milliseconds(300))
        let cancelledAt = ContinuousClock.now
        task.cancel()
        let resolution = await task.value
        #expect(ContinuousClock.now - cancelledAt < WallClock.slack)
        #expect(resolution.ads.isEmpty)
        #expect(resolution.hops.last?.outcome == "cancelled")
        #expect(try errorPixels().isEmpty)
    }

    @Test func twoHundredResolutionsSixteenAtATimeStayWithinThePerHostConnectionLimit() async throws {
        let url = try chain("reuse", hops: 3)
        try server.resetStats()
        let resolver = self.resolver()
        let resolved = await withTaskGroup(of: Int.self) { group in
            var started = 0
            var total = 0
            while started < 16 {
                group.addTask { await resolver.resolve(tagURL: url).ads.count }
                started += 1
            }
            while let count = await group.next() {
                total += count
                if started < 200 {
                    group.addTask { await resolver.resolve(tagURL: url).ads.count }
                    started += 1
                }
            }
            return total
        }
        #expect(resolved == 200)
        let stats = try server.stats()
        #expect(stats.requests == 600)
        #expect(stats.connections <= 4)
    }
}
