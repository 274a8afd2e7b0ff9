import AdTransport
import Foundation
import TestSupport
import Testing

/// `Retry-After` on a retryable answer, as the server sends it and as the loopback server saw the
/// retries arrive. On today's main the header is never read: the retry comes after the backoff.
@Suite(.serialized) struct BeaconDispatcherRetryAfterTests {
    let server: TestServer
    let client: HTTPClient
    let directory: TemporaryDirectory

    /// 20 ms base, no jitter: without Retry-After the retry would come 20 ms later.
    static func configuration(cap: Duration) -> BeaconDispatcherConfiguration {
        BeaconDispatcherConfiguration(backoff: BeaconBackoff(base: .milliseconds(20), cap: cap, jitter: .none))
    }

    init() throws {
        server = try TestServer()
        client = try HTTPClient()
        directory = try TemporaryDirectory()
    }

    private func header(_ value: String) -> String {
        "header=" + "Retry-After: \(value)".addingPercentEncoding(withAllowedCharacters: .alphanumerics)!
    }

    /// The gap between the server's first and second arrival of the one beacon.
    private func retryGap(_ path: String, cap: Duration) async throws -> Double {
        let dispatcher = try BeaconDispatcher(
            storePath: directory.store(), client: client,
            configuration: Self.configuration(cap: cap))
        let beacon = Beacon(url: server.url(path), event: "impression", adInstance: "ad")
        try await dispatcher.enqueue([beacon])
        let outcome = try #require(await dispatcher.outcomes(1, timeout: .seconds(20)).first)
        #expect(outcome.kind == .delivered && outcome.attempts == 2)
        let arrivals = try server.beacons().map(\.t)
        try #require(arrivals.count == 2)
        return arrivals[1] - arrivals[0]
    }

    @Test(arguments: [429, 503])
    func retryAfterSecondsDelayTheRetry(_ status: Int) async throws {
        defer { directory.remove() }
        let gap = try await retryGap("/beacon/ra?fail_first=1&fail_status=\(status)&\(header("1"))", cap: .seconds(60))
        // Never before the second the server asked for (the backoff alone retries after 20 ms); the upper
        // bound only tells it from the 60 s cap, leaving a loaded machine (a parallel run) its delays.
        #expect(gap >= 0.95 && gap < 15)
    }

    @Test func aRetryAfterDateDelaysTheRetryByItsDistanceFromTheServersDate() async throws {
        defer { directory.remove() }
        // Two seconds after the Date header the test server sends (HTTP dates have whole seconds).
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let date = formatter.string(from: Date().addingTimeInterval(2))
        let gap = try await retryGap("/beacon/ra?fail_first=1&fail_status=503&\(header(date))", cap: .seconds(60))
        #expect(gap >= 0.9 && gap < 15)
    }

    @Test func retryAfterBeyondTheCapWaitsOnlyTheCap() async throws {
        defer { directory.remove() }
        let gap = try await retryGap(
            "/beacon/ra?fail_first=1&fail_status=503&\(header("3600"))", cap: .milliseconds(300))
        // The cap, not the hour the server asked for (nor the 20 ms backoff).
        #expect(gap >= 0.25 && gap < 15)
    }
}
