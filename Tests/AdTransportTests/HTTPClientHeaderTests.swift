import AdTransport
import Foundation
import TestSupport
import Testing

/// Numbers in response headers come from outside: Retry-After is read, Content-Length and the
/// headers' count and size are bounded.
@Suite(.serialized) struct HTTPClientHeaderTests {
    let server: TestServer
    let client: HTTPClient

    init() throws {
        server = try TestServer()
        client = try HTTPClient()
    }

    private func header(_ name: String, _ value: String) -> String {
        "header=" + "\(name): \(value)".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    @Test(arguments: [
        ("7", Duration.seconds(7)), ("0", .zero), (" 120 ", .seconds(120)),
        ("99999999999999999999999", .seconds(86_400)),
    ])
    func retryAfterSecondsAreReportedBounded(_ value: String, _ expected: Duration) async throws {
        let (error, _) = try #require(
            await client.failure(server.url("/echo?status=503&\(header("Retry-After", value))")))
        #expect(error.code == .badStatus && error.status == 503)
        #expect(error.report.retryAfter == expected)
    }

    @Test(arguments: ["-5", "1.5", "soon", "Sun, 32 Nov 1994 08:49:37 GMT"])
    func anUnreadableRetryAfterIsNoValue(_ value: String) async throws {
        let (error, _) = try #require(
            await client.failure(server.url("/echo?status=429&\(header("Retry-After", value))")))
        #expect(error.status == 429)
        #expect(error.report.retryAfter == nil)
    }

    /// The date is relative to the server's own `Date` header (RFC 9110 section 10.2.3).
    @Test func aRetryAfterDateIsRelativeToTheServersDate() async throws {
        let url = server.url(
            "/echo?status=503&\(header("Date", "Sun, 06 Nov 1994 08:49:37 GMT"))&"
                + header("Retry-After", "Sun, 06 Nov 1994 08:50:07 GMT"))
        let (error, _) = try #require(await client.failure(url))
        #expect(error.report.retryAfter == .seconds(30))
    }

    @Test func aRetryAfterDateInThePastIsNow() async throws {
        let url = server.url("/echo?status=503&\(header("Retry-After", "Sunday, 06-Nov-94 08:49:37 GMT"))")
        let (error, _) = try #require(await client.failure(url))
        #expect(error.report.retryAfter == .zero)
    }

    @Test func aResponseWithTooManyHeadersIsRefused() async throws {
        let (error, elapsed) = try #require(await client.failure(server.url("/many-headers?count=1000")))
        #expect(error.code == .tooLarge)
        #expect(error.message.contains("headers"))
        #expect(elapsed < .seconds(2))
    }

    @Test func headersLargerInAllThanTheLimitAreRefused() async throws {
        let (error, _) = try #require(await client.failure(server.url("/many-headers?count=40&size=8000")))
        #expect(error.code == .tooLarge)
        #expect(error.message.contains("headers"))
    }

    @Test func aNormalNumberOfHeadersIsFine() async throws {
        let response = try await client.fetch(
            HTTPRequest(url: server.url("/many-headers?count=100&size=100")),
            timeout: .seconds(5))
        #expect(response.status == 200)
    }

    @Test(arguments: ["99999999999999999999999", "10000000000"])
    func aContentLengthOverTheCapIsTooLargeBeforeTheBody(_ length: String) async throws {
        let (error, elapsed) = try #require(
            await client.failure(server.url("/echo?\(header("Content-Length", length))")))
        #expect(error.code == .tooLarge)
        #expect(elapsed < .seconds(2))
    }

    /// A header curl cannot read is a malformed response (before issue 25, `transport`: curl error 8).
    @Test(arguments: ["-1", "abc"])
    func anInvalidContentLengthIsAMalformedResponse(_ length: String) async throws {
        let (error, elapsed) = try #require(
            await client.failure(server.url("/echo?\(header("Content-Length", length))")))
        #expect(error.code == .malformedResponse)
        #expect(error.message.contains("Content-Length"))
        #expect(elapsed < .seconds(2))
    }
}
