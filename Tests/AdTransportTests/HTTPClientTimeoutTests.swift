import AdTransport
import Foundation
import TestSupport
import Testing

/// Slow servers, dead ones, and how their timeouts are labelled, from curl's own timings.
@Suite(.serialized) struct HTTPClientTimeoutTests {
    let server: TestServer

    init() throws {
        server = try TestServer()
    }

    /// On today's main curl's low-speed window (3 s by default) runs from the start of the
    /// request, so this fails at 3.0 s with `timeout` although the caller allowed 30 s.
    @Test(.timeLimit(.minutes(1)))
    func aSlowServerThatAnswersAfterTheLowSpeedWindowGetsTheWholeTimeout() async throws {
        let client = try HTTPClient()  // the defaults: 64 bytes/s over 3 s
        let start = ContinuousClock.now
        let response = try await client.fetch(
            HTTPRequest(url: server.fileURL("v42-nonlinear.xml") + "?delay_ms=3500"), timeout: .seconds(30))
        #expect(response.status == 200)
        #expect(ContinuousClock.now - start >= .milliseconds(3500))
    }

    @Test func aDripStartedLateStillFailsWithinTwoWindowsOfItsFirstByte() async throws {
        let client = try HTTPClient(configuration: HTTPClientConfiguration(lowSpeedSeconds: 1))
        let (error, elapsed) = try #require(
            await client.failure(
                server.url("/drip?bytes=1000&interval_ms=1000&delay_ms=1500"), timeout: .seconds(20)))
        #expect(error.code == .timeout)
        #expect(error.message.contains("slower than 64 bytes/s"))
        #expect(elapsed >= .milliseconds(2500) && elapsed < .milliseconds(5000))
    }

    @Test func theLowSpeedRuleCanBeTurnedOff() async throws {
        let client = try HTTPClient(configuration: HTTPClientConfiguration(lowSpeedBytesPerSecond: 0))
        let response = try await client.fetch(
            HTTPRequest(url: server.url("/drip?bytes=3&interval_ms=1000")),
            timeout: .seconds(10))
        #expect(response.body == Array("xxx".utf8))
    }

    /// On today's main a reused connection has no connect time, which was read as "never
    /// connected": this was labelled `connectTimeout`.
    @Test func aTimeoutOnAReusedConnectionIsATimeoutNotAConnectTimeout() async throws {
        let client = try HTTPClient()
        try server.resetStats()
        _ = try await client.fetch(HTTPRequest(url: server.url("/echo")), timeout: .seconds(5))
        let (error, elapsed) = try #require(await client.failure(server.url("/hang"), timeout: .milliseconds(500)))
        #expect(error.code == .timeout)
        #expect(error.report.connectionReused)
        #expect(elapsed >= .milliseconds(450) && elapsed < .seconds(2))
        #expect(try server.stats().connections == 1)
    }

    @Test func aTimeoutOnANewConnectionAfterTheRequestWentOutIsATimeout() async throws {
        let client = try HTTPClient()
        let (error, _) = try #require(await client.failure(server.url("/hang"), timeout: .milliseconds(400)))
        #expect(error.code == .timeout)
        #expect(!error.report.connectionReused)
        #expect(error.report.connectMilliseconds > 0)
    }

    @Test func aHandshakeThatNeverCompletesIsAConnectTimeout() async throws {
        let listener = try UnansweredListener()
        let client = try HTTPClient(configuration: HTTPClientConfiguration(connectTimeoutMilliseconds: 300))
        let (error, elapsed) = try #require(await client.failure("http://127.0.0.1:\(listener.port)/x"))
        #expect(error.code == .connectTimeout)
        #expect(!error.report.connectionReused)
        #expect(elapsed >= .milliseconds(250) && elapsed < .seconds(2))
    }

    @Test func aDeadlineYearsAwayIsStillADeadline() async throws {
        let client = try HTTPClient()
        let response = try await client.fetch(HTTPRequest(url: server.url("/echo")), timeout: .seconds(1 << 40))
        #expect(response.status == 200)
    }
}
