import AdResolution
import AdTransport
import Foundation
import TestSupport
import Testing
import VAST

/// The chain rules of the catalogue, produced by real chains on the loopback server, and every
/// finding of a resolution named by a catalogued rule.
@Suite(.serialized) struct RuleCatalogChainTests {
    let server: TestServer
    let client: HTTPClient

    init() throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 4))
    }

    @Test func loopsDepthAndBadHopsProduceEveryChainRuleAndOnlyCataloguedRules() async throws {
        let resolver = WrapperResolver(client: client, errorSink: DirectBeaconSender(client: client))
        try server.register("loop-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("loop-0")))
        try server.register("bad-0", body: ChainDocuments.wrapper(hop: 0, next: server.docURL("bad-1")))
        try server.register("bad-1", body: "<html><body>not VAST</body></html>")
        let deep = try server.registerChain("catalogue-deep", hops: 7)
        try server.register("uri-0", body: ChainDocuments.wrapper(hop: 0, next: "ftp://127.0.0.1/next.xml"))
        try server.register(
            "pod-0",
            body: ChainDocuments.vast(
                ChainDocuments.inLineAd(hop: 0, id: "plays", sequence: 1),
                ChainDocuments.wrapperAd(hop: 0, id: "dead", sequence: 2, next: server.docURL("pod-gone"))))
        try server.register(
            "empty-0", body: ChainDocuments.vast(ChainDocuments.inLineAd(hop: 0, id: "empty", creatives: "")))
        var findings: [VASTFinding] = []
        for url in [
            server.docURL("loop-0"), server.docURL("bad-0"), deep, server.docURL("uri-0"), server.docURL("pod-0"),
            server.docURL("empty-0"),
        ] {
            findings += await resolver.resolve(tagURL: url).findings
        }
        for finding in findings {
            #expect(VASTRuleCatalog.rule(id: finding.rule)?.parent == nil, "\(finding.rule) is not a catalogued family")
            if let subrule = finding.subrule { #expect(VASTRuleCatalog.rule(id: subrule)?.parent == finding.rule) }
        }
        let chainRules = VASTRuleCatalog.all.filter { $0.origin == .chain }.map(\.id)
        #expect(
            chainRules.sorted() == [
                "ad.failed", "ad.no-usable-creative", "hop.document", "wrapper.chain", "wrapper.loop",
                "wrapper.uri",
            ])
        #expect(chainRules.filter { id in !findings.contains { $0.rule == id } } == [])
    }
}
