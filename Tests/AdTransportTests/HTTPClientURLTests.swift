import AdTransport
import Foundation
import TestSupport
import Testing

/// URLs and redirects as the client checks them with libcurl's URL API (``AbsoluteURL``) before
/// curl sees them.
@Suite(.serialized) struct HTTPClientURLTests {
    let server: TestServer
    let client: HTTPClient

    init() throws {
        server = try TestServer()
        client = try HTTPClient()
    }

    /// A relative reference is not a host name: curl alone would guess `http://sample.xml` and
    /// ask a resolver for it (on today's main these fail with `dns`, or `connect` off the sandbox).
    @Test(arguments: ["sample.xml", "ads.example.com/tag?id=1", "//127.0.0.1:9/x", "../tags/a.xml", " ", ""])
    func aRelativeURLIsRefusedAsInvalidBeforeATransfer(_ url: String) async throws {
        let (error, elapsed) = try #require(await client.failure(url))
        #expect(error.code == .invalidURL)
        #expect(error.report.totalMilliseconds == 0 && error.report.dnsMilliseconds == 0)
        #expect(error.report.url == url)
        #expect(elapsed < WallClock.slack)
    }

    @Test(arguments: ["javascript:alert(1)", "data:text/xml,<VAST/>", "ftp://127.0.0.1/x", "ws://127.0.0.1/x"])
    func aSchemeOtherThanHTTPIsForbiddenEvenWhenLibcurlDoesNotKnowIt(_ url: String) async throws {
        let (error, _) = try #require(await client.failure(url))
        #expect(error.code == .forbiddenProtocol)
        #expect(error.report.totalMilliseconds == 0)
    }

    @Test func schemeAndHostAreCaseInsensitive() async throws {
        let url = "HTTP://127.0.0.1:\(server.port)/files/v42-nonlinear.xml"
        let response = try await client.fetch(HTTPRequest(url: url), timeout: .seconds(5))
        #expect(response.status == 200)
        #expect(response.report.url == url)
        #expect(response.report.effectiveURL == server.fileURL("v42-nonlinear.xml"))
    }

    @Test func aRelativeRedirectIsResolvedAgainstTheURLThatSentIt() async throws {
        let response = try await client.fetch(
            HTTPRequest(url: server.url("/redirect?to=files/v42-nonlinear.xml")), timeout: .seconds(5))
        #expect(response.report.effectiveURL == server.fileURL("v42-nonlinear.xml"))
        #expect(response.report.redirects == 1)
    }

    /// A `Location` that looks like a host name is a path on the same server (RFC 3986 section 5).
    @Test func aRedirectToAFileNameStaysOnTheSameServer() async throws {
        try server.resetStats()
        let (error, _) = try #require(await client.failure(server.url("/redirect?to=sample.xml")))
        #expect(error.code == .badStatus && error.status == 404)
        #expect(error.report.effectiveURL == server.url("/sample.xml"))
        #expect(try server.stats().byPath == ["/redirect": 1, "/sample.xml": 1])
    }

    @Test func aRedirectChainIsFollowedHopByHopAndCounted() async throws {
        try server.resetStats()
        let target = server.fileURL("v42-nonlinear.xml")
        let response = try await client.fetch(
            HTTPRequest(url: server.url("/redirect-chain?n=4&to=\(target)")), timeout: .seconds(5))
        #expect(response.report.redirects == 5)
        #expect(response.report.effectiveURL == target)
        let stats = try server.stats()
        #expect(stats.requests == 6)
        #expect(stats.connections == 1)
    }

    @Test func aRedirectToAnotherServerUsesAConnectionOfThatServer() async throws {
        let other = try TestServer()
        try server.resetStats()
        try other.resetStats()
        let target = other.fileURL("v42-nonlinear.xml")
        let response = try await client.fetch(
            HTTPRequest(url: server.url("/redirect?to=\(target)")),
            timeout: .seconds(5))
        #expect(response.report.effectiveURL == target)
        #expect(!response.report.connectionReused)
        #expect(try server.stats().requests == 1)
        #expect(try other.stats().requests == 1)
    }

    @Test func maxRedirectsIsTheNumberFollowed() async throws {
        let strict = try HTTPClient(configuration: HTTPClientConfiguration(maxRedirects: 2))
        let ok = try await strict.fetch(HTTPRequest(url: server.url("/redirect-chain?n=2")), timeout: .seconds(5))
        #expect(ok.report.redirects == 2)
        let (error, _) = try #require(await strict.failure(server.url("/redirect-chain?n=3")))
        #expect(error.code == .tooManyRedirects)
        #expect(error.report.redirects == 2 && error.status == 302)
    }

    @Test(arguments: ["http://[::1", "http://127.0.0.1:99999/x", "http:// /x"])
    func anUnusableRedirectTargetIsAnInvalidURL(_ target: String) async throws {
        let escaped = target.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? target
        let (error, _) = try #require(await client.failure(server.url("/redirect?to=\(escaped)")))
        #expect(error.code == .invalidURL)
        #expect(error.status == 302)
    }

    @Test func aThreeHundredWithoutALocationIsABadStatus() async throws {
        let (error, _) = try #require(await client.failure(server.url("/echo?status=302")))
        #expect(error.code == .badStatus && error.status == 302)
    }
}
