import AdTransport
import Foundation
import Testing

/// Answers that are not HTTP/1.x, or whose headers cannot be read, are named for what they are:
/// `malformedResponse` (not `forbiddenProtocol`, which is the URL's scheme), and a header line
/// over curl's limit is `tooLarge` (not "curl error 27: Out of memory").
@Suite(.serialized) struct HTTPClientMalformedResponseTests {
    let client: HTTPClient

    init() throws {
        client = try HTTPClient()
    }

    private func failure(answering response: String) async throws -> (error: HTTPError, elapsed: Duration) {
        let server = try RawResponseServer(Array(response.utf8))
        defer { server.stop() }
        return try #require(await client.failure(server.url("/tag")))
    }

    @Test(arguments: [
        "<VAST version=\"4.2\"/>\n",  // HTTP/0.9: a body with no status line
        "hello\r\n\r\n",
        " HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi",  // leading space
        "HTTX/1.1 200 OK\r\nContent-Length: 2\r\n\r\nhi",
    ])
    func anAnswerWithoutAStatusLineIsMalformed(_ response: String) async throws {
        let (error, elapsed) = try await failure(answering: response)
        #expect(error.code == .malformedResponse)
        #expect(error.message.contains("HTTP/0.9"))
        #expect(error.status == nil)
        #expect(elapsed < .seconds(2))
    }

    @Test(arguments: [
        "HTTP/1.1 abc OK\r\nContent-Length: 2\r\n\r\nhi",
        "HTTP/1.1 20 OK\r\nContent-Length: 2\r\n\r\nhi",
        "HTTP/1.1 2000 OK\r\nContent-Length: 2\r\n\r\nhi",
        "HTTP/1.5 200 OK\r\nContent-Length: 2\r\n\r\nhi",
        "HTTP/3 200 OK\r\nContent-Length: 2\r\n\r\nhi",
        "HTTP/1.0\r\nContent-Length: 2\r\n\r\nhi",
    ])
    func aMalformedStatusLineIsMalformed(_ response: String) async throws {
        let (error, elapsed) = try await failure(answering: response)
        #expect(error.code == .malformedResponse)
        #expect(error.message.contains("not an HTTP/1.x response"))
        #expect(elapsed < .seconds(2))
    }

    @Test(arguments: [
        "HTTP/1.1 200 OK\r\nno colon here\r\nContent-Length: 2\r\n\r\nhi",
        "HTTP/1.1 200 OK\r\nX-Tag: a\u{0}b\r\nContent-Length: 2\r\n\r\nhi",
    ])
    func anUnreadableHeaderLineIsMalformed(_ response: String) async throws {
        let (error, elapsed) = try await failure(answering: response)
        #expect(error.code == .malformedResponse)
        #expect(error.message.contains("headers are malformed"))
        #expect(elapsed < .seconds(2))
    }

    /// A 200 KB header line, or a 200 KB reason phrase in the status line.
    @Test(arguments: ["X-Big: ", "reason phrase"])
    func aHeaderLineOverCurlsLimitIsTooLarge(_ line: String) async throws {
        let filler = String(repeating: "a", count: 200_000)
        let response =
            line == "X-Big: "
            ? "HTTP/1.1 200 OK\r\nX-Big: \(filler)\r\nContent-Length: 2\r\n\r\nhi"
            : "HTTP/1.1 200 \(filler)\r\nContent-Length: 2\r\n\r\nhi"
        let (error, elapsed) = try await failure(answering: response)
        #expect(error.code == .tooLarge)
        #expect(error.message.contains("header line is longer"))
        #expect(!error.message.contains("curl error 27"))
        #expect(elapsed < .seconds(2))
    }

    @Test func aWellFormedRawAnswerStillSucceeds() async throws {
        let server = try RawResponseServer(Array("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n<a/>\n".utf8))
        defer { server.stop() }
        let response = try await client.fetch(HTTPRequest(url: server.url("/tag")), timeout: .seconds(5))
        #expect(response.status == 200)
        #expect(response.body == Array("<a/>\n".utf8))
    }

    @Test func aSchemeOtherThanHTTPIsStillForbiddenProtocol() async throws {
        let (error, _) = try #require(await client.failure("gopher://127.0.0.1:70/"))
        #expect(error.code == .forbiddenProtocol)
    }
}
