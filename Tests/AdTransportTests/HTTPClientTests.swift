import AdTransport
import Foundation
import TestSupport
import Testing

/// The libcurl client against the loopback test server: real sockets, real libcurl.
@Suite(.serialized) struct HTTPClientTests {
    let server: TestServer
    let client: HTTPClient

    init() throws {
        server = try TestServer()
        client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 4, lowSpeedSeconds: 2))
    }

    private func sample(_ name: String) throws -> [UInt8] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        return Array(try Data(contentsOf: root.appendingPathComponent("vast-samples/" + name)))
    }

    /// Runs a fetch expected to fail and returns its error and how long it took.
    private func failure(_ url: String, timeout: Duration = .seconds(5), maxBodyBytes: Int? = nil) async throws
        -> (HTTPError, Duration)
    {
        let start = ContinuousClock.now
        do {
            let response = try await client.fetch(HTTPRequest(url: url, maxBodyBytes: maxBodyBytes), timeout: timeout)
            Issue.record("expected a failure, got HTTP \(response.status) with \(response.body.count) bytes")
            throw CancellationError()
        } catch let error as HTTPError {
            return (error, ContinuousClock.now - start)
        }
    }

    /// The client reuses curl's easy handles; a request's options (headers, the body cap) must not
    /// carry over to the next request made on the same handle.
    @Test func aReusedHandleKeepsNothingOfTheRequestBefore() async throws {
        struct Echo: Decodable { var headers: [String: String] }
        func headers(_ request: HTTPRequest) async throws -> [String: String] {
            let response = try await client.fetch(request, timeout: .seconds(5))
            let echo = try JSONDecoder().decode(Echo.self, from: Data(response.body))
            return echo.headers
        }
        let client = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 1))
        let echo = server.url("/echo")
        for round in 0..<3 {
            let tagged = HTTPRequest(url: echo, headers: [HTTPHeader("X-Only-Here", "\(round)")])
            #expect(try await headers(tagged)["x-only-here"] == "\(round)")
            await #expect(throws: HTTPError.self) {
                try await client.fetch(HTTPRequest(url: echo, maxBodyBytes: 8), timeout: .seconds(5))
            }
            // No header of its own, and a body far over the 8-byte cap of the request before.
            let plain = try await headers(HTTPRequest(url: echo))
            #expect(plain["x-only-here"] == nil)
            #expect(plain["user-agent"] != nil)
        }
        client.shutdown()
    }

    /// Before, a fetch made once the client's thread had ended queued a command nobody would
    /// take and woke a freed curl handle: it never returned (or crashed the host app).
    @Test(.timeLimit(.minutes(1)))
    func aFetchAfterShutdownFailsAtOnceAsShutDown() async throws {
        let client = try HTTPClient()
        let url = server.url("/echo?status=200&body=late")
        #expect(try await client.fetch(HTTPRequest(url: url), timeout: .seconds(5)).status == 200)
        client.shutdown()
        // The first fetch may still be taken by the ending loop; the ones after it are refused.
        for pause in [Duration.zero, .milliseconds(200), .milliseconds(200)] {
            try await Task.sleep(for: pause)
            let start = ContinuousClock.now
            await #expect {
                try await client.fetch(HTTPRequest(url: url), timeout: .seconds(5))
            } throws: { error in
                (error as? HTTPError)?.code == .shutdown
            }
            #expect(ContinuousClock.now - start < .seconds(1))
        }
        #expect {
            try client.start(HTTPRequest(url: url), deadline: .now + .seconds(5)) { _ in
                Issue.record("a client that was shut down called a completion")
            }
        } throws: { error in
            (error as? HTTPError)?.code == .shutdown
        }
    }

    @Test func fetchesAFileAndReportsTheTransfer() async throws {
        let url = server.fileURL("v42-inline-linear-full.xml")
        let response = try await client.fetch(HTTPRequest(url: url), timeout: .seconds(5))
        #expect(response.status == 200)
        #expect(response.body == (try sample("v42-inline-linear-full.xml")))
        #expect(response.report.url == url && response.report.effectiveURL == url)
        #expect(response.report.bytes == response.body.count)
        #expect(response.report.totalMilliseconds > 0)
        #expect(response.report.redirects == 0)
    }

    @Test func sendsItsUserAgentAndAcceptsCompressedBodies() async throws {
        let response = try await client.fetch(
            HTTPRequest(url: server.url("/echo"), headers: [HTTPHeader("X-Probe", "1")]),
            timeout: .seconds(5))
        let text = String(decoding: response.body, as: UTF8.self).lowercased()
        #expect(text.contains("adengine/0.1 (libcurl)"))
        #expect(text.contains("gzip"))
        #expect(text.contains("x-probe"))
    }

    @Test func aSecondRequestToTheSameHostReusesTheConnection() async throws {
        try server.resetStats()
        let first = try await client.fetch(HTTPRequest(url: server.fileURL("v42-nonlinear.xml")), timeout: .seconds(5))
        let second = try await client.fetch(HTTPRequest(url: server.fileURL("v42-nonlinear.xml")), timeout: .seconds(5))
        #expect(!first.report.connectionReused)
        #expect(second.report.connectionReused)
        #expect(try server.stats().connections == 1)
    }

    @Test(arguments: [(204, HTTPError.Code.noContent), (404, .badStatus), (500, .badStatus), (503, .badStatus)])
    func statusesAreJudgedByTheClient(_ status: Int, _ kind: HTTPError.Code) async throws {
        let (error, _) = try await failure(server.url("/echo?status=\(status)"))
        #expect(error.code == kind)
        #expect(error.status == status)
    }

    @Test func redirectsAreFollowedAndReported() async throws {
        let target = server.fileURL("v42-nonlinear.xml")
        let response = try await client.fetch(
            HTTPRequest(url: server.url("/redirect?to=\(target)")), timeout: .seconds(5))
        #expect(response.report.effectiveURL == target)
        #expect(response.report.redirects == 1)
        #expect(response.body == (try sample("v42-nonlinear.xml")))
    }

    @Test func aRedirectLoopStopsAtTheLimit() async throws {
        let (error, _) = try await failure(server.url("/redirect-loop"))
        #expect(error.code == .tooManyRedirects)
    }

    @Test func gzipAndChunkedBodiesArriveDecoded() async throws {
        let plain = try sample("v42-inline-linear-full.xml")
        let gzip = try await client.fetch(
            HTTPRequest(url: server.fileURL("v42-inline-linear-full.xml") + "?gzip=1"), timeout: .seconds(5))
        #expect(gzip.body == plain)
        let chunked = try await client.fetch(
            HTTPRequest(url: server.fileURL("v42-inline-linear-full.xml") + "?chunked=1"), timeout: .seconds(5))
        #expect(chunked.body == plain)
    }

    @Test(arguments: ["file:///etc/passwd", "gopher://127.0.0.1:70/", "dict://127.0.0.1:2628/d:x"])
    func otherSchemesAreRefusedAsTheURL(_ url: String) async throws {
        let (error, elapsed) = try await failure(url)
        #expect(error.code == .forbiddenProtocol)
        #expect(elapsed < .seconds(1))
    }

    @Test(arguments: ["file:///etc/passwd", "gopher://127.0.0.1:70/", "dict://127.0.0.1:2628/d:x"])
    func otherSchemesAreRefusedAsARedirectTarget(_ target: String) async throws {
        let (error, elapsed) = try await failure(server.url("/redirect?to=\(target)"))
        #expect(error.code == .forbiddenProtocol)
        #expect(elapsed < .seconds(1))
    }

    @Test(arguments: ["/big?mb=50", "/big-chunked?mb=50", "/gzip-bomb?mb=50"])
    func oversizedBodiesStopAtTheCap(_ path: String) async throws {
        let before = peakResidentBytes()
        let (error, elapsed) = try await failure(server.url(path), maxBodyBytes: 2 << 20)
        #expect(error.code == .tooLarge)
        #expect(error.report.bytes <= 2 << 20)
        #expect(elapsed < .seconds(3))
        #expect(peakResidentBytes() - before < 32 << 20)
    }

    @Test func aOneBytePerSecondDripFailsWithinTheLowSpeedWindow() async throws {
        let (error, elapsed) = try await failure(server.url("/drip?bytes=1000&interval_ms=1000"), timeout: .seconds(10))
        #expect(error.code == .timeout)
        #expect(elapsed < .seconds(4))
    }

    @Test func aServerThatNeverAnswersTimesOutAtTheDeadline() async throws {
        let (error, elapsed) = try await failure(server.url("/hang"), timeout: .milliseconds(500))
        #expect(error.code == .timeout)
        #expect(elapsed >= .milliseconds(450) && elapsed < .seconds(2))
    }

    @Test func aResetMidBodyIsAConnectionLoss() async throws {
        let (error, elapsed) = try await failure(server.url("/reset-mid-body"))
        #expect(error.code == .connectionLost)
        #expect(elapsed < .seconds(2))
    }

    @Test func aClosedPortIsAConnectError() async throws {
        let (error, _) = try await failure("http://127.0.0.1:9/")
        #expect(error.code == .connect)
    }

    @Test func aDeadlineAlreadyPastFailsWithoutAFetch() async throws {
        try server.resetStats()
        do {
            _ = try await client.fetch(HTTPRequest(url: server.url("/echo")), deadline: .now - .seconds(1))
            Issue.record("expected a timeout")
        } catch {
            #expect(error.code == .timeout)
        }
        #expect(try server.stats().requests == 0)
    }

    @Test func cancellingTheTaskStopsTheTransferPromptly() async throws {
        let client = self.client
        let url = server.url("/hang")
        let task = Task { () -> (HTTPError.Code?, ContinuousClock.Instant) in
            do throws(HTTPError) {
                _ = try await client.fetch(HTTPRequest(url: url), timeout: .seconds(30))
                return (nil, .now)
            } catch {
                return (error.code, .now)
            }
        }
        try await Task.sleep(for: .milliseconds(200))
        let cancelledAt = ContinuousClock.now
        task.cancel()
        let (kind, finishedAt) = await task.value
        #expect(kind == .cancelled)
        #expect(finishedAt - cancelledAt < WallClock.slack)
    }

    @Test func concurrentFetchesStayWithinThePerHostConnectionLimit() async throws {
        try server.resetStats()
        let client = self.client
        let url = server.fileURL("v42-nonlinear.xml") + "?delay_ms=20"
        let statuses = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<64 {
                group.addTask { (try? await client.fetch(HTTPRequest(url: url), timeout: .seconds(20)))?.status ?? 0 }
            }
            return await group.reduce(into: [Int]()) { $0.append($1) }
        }
        #expect(statuses == Array(repeating: 200, count: 64))
        let stats = try server.stats()
        #expect(stats.requests == 64)
        #expect(stats.connections <= 4)
    }

    @Test func aCertificateTheClientCannotVerifyIsATLSError() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tls-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let tlsServer = try TestServer(tls: try TestServer.makeSelfSignedCertificate(in: folder))
        let (error, elapsed) = try await failure("https://127.0.0.1:\(tlsServer.port)/echo")
        #expect(error.code == .tls)
        #expect(error.message.lowercased().contains("certificate"))
        #expect(elapsed < .seconds(2))
    }

    @Test func requestsWaitingForAConnectionDoNotSpendTheirConnectTimeoutWaiting() async throws {
        let narrow = try HTTPClient(
            configuration: HTTPClientConfiguration(
                connectTimeoutMilliseconds: 200, maxConnectionsPerHost: 1))
        let url = server.fileURL("v42-nonlinear.xml") + "?delay_ms=100"
        let results = await withTaskGroup(of: Bool.self) { group in
            for _ in 0..<5 {
                group.addTask { (try? await narrow.fetch(HTTPRequest(url: url), timeout: .seconds(5))) != nil }
            }
            return await group.reduce(into: [Bool]()) { $0.append($1) }
        }
        #expect(results == Array(repeating: true, count: 5))
    }

    @Test func aRequestWhoseDeadlinePassesWhileWaitingForAConnectionTimesOut() async throws {
        let narrow = try HTTPClient(configuration: HTTPClientConfiguration(maxConnectionsPerHost: 1))
        let blocker = Task { try? await narrow.fetch(HTTPRequest(url: server.url("/hang")), timeout: .seconds(2)) }
        try await Task.sleep(for: .milliseconds(100))
        let start = ContinuousClock.now
        do {
            _ = try await narrow.fetch(HTTPRequest(url: server.url("/echo")), timeout: .milliseconds(300))
            Issue.record("expected a timeout while waiting for the only connection")
        } catch {
            #expect(error.code == .timeout)
            #expect(error.message.contains("waiting for a connection"))
        }
        #expect(ContinuousClock.now - start < .seconds(1))
        blocker.cancel()
    }

    @Test func aBadConfigurationIsRefusedNamingTheField() {
        let cases: [(HTTPClientConfiguration, String)] = [
            (HTTPClientConfiguration(maxConnectionsPerHost: 0), "maxConnectionsPerHost must be at least 1"),
            (HTTPClientConfiguration(connectTimeoutMilliseconds: 0), "connectTimeoutMilliseconds must be at least 1"),
            (HTTPClientConfiguration(maxBodyBytes: 0), "maxBodyBytes must be at least 1"),
            (HTTPClientConfiguration(maxRedirects: -1), "maxRedirects must not be negative"),
        ]
        for (configuration, message) in cases {
            let error = #expect(throws: HTTPClientConfigurationError.self) {
                try HTTPClient(configuration: configuration)
            }
            #expect(error?.code == .outOfRange)
            #expect(error?.message == message)
        }
    }
}

/// The process's peak resident set (VmHWM), in bytes.
func peakResidentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
    else { return 0 }
    return (Int(line.split(separator: " ").dropFirst().first ?? "0") ?? 0) * 1024
}
