import AdResolution
import AdTransport
import Foundation
import TestSupport
import Testing
import VAST

/// VASTAdTagURIs as players read them (VAST-FACTS 4): relative references resolve against the URL of
/// the document that holds them (RFC 3986 section 5), never as a host name; what is not an http(s)
/// URL fails with 300 without a request; `file:` hops only from local files, when allowed.
@Suite(.serialized) struct WrapperResolverURITests {
    let server: TestServer
    let client: HTTPClient

    init() throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 4))
    }

    private func resolver(_ configuration: WrapperResolverConfiguration = .init()) -> WrapperResolver {
        WrapperResolver(client: client, errorSink: DirectBeaconSender(client: client), configuration: configuration)
    }

    /// A wrapper whose VASTAdTagURI is `next`, written as is, with its pixels on the loopback server.
    private func wrapper(hop: Int, next: String) -> String {
        ChainDocuments.wrapper(hop: hop, next: next).replacingOccurrences(of: "{{BASE_URL}}", with: server.baseURL)
    }

    @Test func aRelativeVASTAdTagURIResolvesAgainstTheURLOfItsDocument() async throws {
        try server.register("rel/a.xml", body: ChainDocuments.wrapper(hop: 0, next: "b.xml"))
        try server.register(
            "rel/b.xml", body: ChainDocuments.wrapper(hop: 1, next: "../rel/deeper/c.xml?id=[CACHEBUSTING]"))
        try server.register("rel/deeper/c.xml", body: ChainDocuments.inLine(hop: 2))
        let resolution = await resolver().resolve(tagURL: server.docURL("rel/a.xml"))
        #expect(resolution.failure == nil)
        #expect(resolution.hops.map(\.kind) == [.wrapper, .wrapper, .inline])
        let hops = resolution.hops.map(\.url)
        #expect(hops.prefix(2) == [server.docURL("rel/a.xml"), server.docURL("rel/b.xml")])
        #expect(hops.last?.hasPrefix(server.docURL("rel/deeper/c.xml") + "?id=") == true)
        #expect(try errorPixels().isEmpty)
    }

    @Test func aRelativeURIResolvesAgainstTheURLThatAnsweredAfterARedirect() async throws {
        try server.register("moved/a.xml", body: ChainDocuments.wrapper(hop: 0, next: "b.xml"))
        try server.register("moved/b.xml", body: ChainDocuments.inLine(hop: 1))
        let redirect =
            server.url("/redirect?to=") + server.docURL("moved/a.xml").replacingOccurrences(of: ":", with: "%3A")
        let resolution = await resolver().resolve(tagURL: redirect)
        #expect(resolution.hops.map(\.kind) == [.wrapper, .inline])
        #expect(resolution.hops.last?.url == server.docURL("moved/b.xml"))
    }

    /// Without a document URL, `sample.xml` has nothing to resolve against: curl would take it for a
    /// host name and ask a resolver; the resolver refuses it before any request.
    @Test(arguments: [
        "sample.xml", "ads.example.com/vast", "http://host]/x", "ftp://127.0.0.1/tag.xml",
        "javascript:alert(1)",
    ])
    func aVASTAdTagURIThatIsNotAnHTTPURLFailsWith300WithoutARequest(_ uri: String) async throws {
        let document = wrapper(hop: 0, next: uri)
        let resolution = await resolver().resolve(document: Array(document.utf8), source: "in-hand.xml")
        #expect(resolution.errorCode == .wrapper)
        #expect(resolution.hops.count == 2)
        let hop = try #require(resolution.hops.last)
        #expect(hop.kind == .error && hop.status == nil && hop.errorCode == .wrapper && hop.bytes == 0)
        #expect(resolution.findings.filter { $0.rule == "wrapper.uri" }.map(\.location) == ["hop 1: \(hop.url)"])
        #expect(resolution.errorBeacons.map(\.url) == ["\(server.baseURL)/beacon/error/hop0?code=300"])
        // The only request the server saw is that error pixel.
        #expect(try await server.waitForBeacons(count: 1).count == 1)
        #expect(try server.stats().byPath == ["/beacon/error/hop0": 1])
    }

    @Test func aFolderOfFilesThatWrapEachOtherByRelativeURIResolvesWithoutTheNetwork() async throws {
        let folder = try TemporaryFolder()
        try folder.write("a.xml", wrapper(hop: 0, next: "b.xml"))
        try folder.write("b.xml", wrapper(hop: 1, next: "tags/c%20d.xml"))
        try folder.write(
            "tags/c d.xml", ChainDocuments.inLine(hop: 2).replacingOccurrences(of: "{{BASE_URL}}", with: server.baseURL)
        )
        let base = try AbsoluteURL(parsing: folder.url("a.xml"))
        let resolution = await resolver(WrapperResolverConfiguration(allowsFileURLs: true))
            .resolve(document: try folder.read("a.xml"), source: folder.path("a.xml"), baseURL: base)
        #expect(resolution.failure == nil)
        #expect(resolution.hops.map(\.url) == [folder.path("a.xml"), folder.url("b.xml"), folder.url("tags/c d.xml")])
        #expect(resolution.hops.map(\.kind) == [.wrapper, .wrapper, .inline])
        #expect(resolution.hops.map(\.status) == [nil, nil, nil])
        #expect(resolution.ads.first?.impressions.map(\.hop) == [0, 1, 2])
        #expect(try server.stats().requests == 0)
    }

    @Test func filesThatComeBackToTheFirstAreALoop() async throws {
        let folder = try TemporaryFolder()
        try folder.write("a.xml", wrapper(hop: 0, next: "b.xml"))
        try folder.write("b.xml", wrapper(hop: 1, next: "./a.xml#again"))
        let resolution = await resolver(WrapperResolverConfiguration(allowsFileURLs: true))
            .resolve(
                document: try folder.read("a.xml"), source: "a.xml",
                baseURL: try AbsoluteURL(parsing: folder.url("a.xml")))
        #expect(resolution.errorCode == .wrapper)
        #expect(resolution.findings.map(\.rule).filter { $0 == "wrapper.loop" }.count == 1)
        #expect(
            resolution.errorBeacons.map(\.url) == (0...1).map { "\(server.baseURL)/beacon/error/hop\($0)?code=300" })
    }

    @Test func aLocalFileIsNotReadUnlessTheResolverAllowsFileURLs() async throws {
        let folder = try TemporaryFolder()
        try folder.write("a.xml", wrapper(hop: 0, next: "b.xml"))
        try folder.write("b.xml", ChainDocuments.inLine(hop: 1))
        let resolution = await resolver()
            .resolve(
                document: try folder.read("a.xml"), source: "a.xml",
                baseURL: try AbsoluteURL(parsing: folder.url("a.xml")))
        #expect(resolution.errorCode == .wrapper)
        #expect(resolution.hops.map(\.url) == ["a.xml", folder.url("b.xml")])
        #expect(resolution.findings.first { $0.rule == "wrapper.uri" }?.message.contains("allowsFileURLs") == true)
    }

    /// Even with file URLs allowed, a document fetched over HTTP cannot make the engine read a file:
    /// neither by an absolute `file:` URL nor by a relative one (which resolves to http anyway).
    @Test func aDocumentFetchedOverTheNetworkNeverLeadsToALocalFile() async throws {
        let folder = try TemporaryFolder()
        try folder.write("secret.xml", ChainDocuments.inLine(hop: 1))
        try server.register("to-file", body: ChainDocuments.wrapper(hop: 0, next: folder.url("secret.xml")))
        let resolution = await resolver(WrapperResolverConfiguration(allowsFileURLs: true))
            .resolve(tagURL: server.docURL("to-file"))
        #expect(resolution.errorCode == .wrapper)
        #expect(resolution.hops.map(\.kind) == [.wrapper, .error])
        #expect(resolution.hops.last?.bytes == 0)
        #expect(
            resolution.findings.first { $0.rule == "wrapper.uri" }?.message.contains("not read from a file") == true)
    }

    /// The loop key is the URI as written, resolved: `./b.xml?cb=[CACHEBUSTING]` is the same resource
    /// each time, whatever the cache buster expands to.
    @Test func aRelativeURIIsResolvedBeforeLoopDetection() async throws {
        try server.register("loop/a.xml", body: ChainDocuments.wrapper(hop: 0, next: "b.xml?cb=[CACHEBUSTING]"))
        try server.register(
            "loop/b.xml", body: ChainDocuments.wrapper(hop: 1, next: "../loop/./b.xml?cb=[CACHEBUSTING]#f"))
        let resolution = await resolver().resolve(tagURL: server.docURL("loop/a.xml"))
        #expect(resolution.hops.map(\.kind) == [.wrapper, .wrapper, .error])
        #expect(resolution.findings.filter { $0.rule == "wrapper.loop" }.count == 1)
        #expect(
            try server.stats().byPath == [
                "/doc/loop/a.xml": 1, "/doc/loop/b.xml": 1, "/beacon/error/hop0": 1,
                "/beacon/error/hop1": 1,
            ])
    }

    private func errorPixels() throws -> [String] {
        try server.beacons().filter { $0.path.hasPrefix("/beacon/error/") }.map(\.target)
    }
}

/// A folder under the temporary directory, removed when the value goes away.
final class TemporaryFolder {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("resolver-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func path(_ name: String) -> String { root.appendingPathComponent(name).path }

    /// `file:///…/name`, percent-encoded as a URL.
    func url(_ name: String) -> String { root.appendingPathComponent(name).absoluteString }

    func write(_ name: String, _ text: String) throws {
        let file = root.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: file)
    }

    func read(_ name: String) throws -> [UInt8] { Array(try Data(contentsOf: root.appendingPathComponent(name))) }
}
