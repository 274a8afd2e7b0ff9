@testable import AdTransport
import Testing

/// The retry policy and backoff as pure functions: time and randomness are inputs.
@Suite struct BeaconDispatcherPolicyTests {
    let policy = BeaconRetryPolicy(backoff: BeaconBackoff(base: .seconds(1), cap: .seconds(60), jitter: .none))
    let now: Int64 = 1_000_000
    let expiresAt: Int64 = 1_000_000 + 3_600_000

    private func failure(_ kind: HTTPError.Kind, status: Int = 0) -> Result<Int, HTTPError> {
        .failure(HTTPError(kind, "\(kind)", report: HTTPTransferReport(url: "http://example.test/p", status: status)))
    }

    private func verdict(_ result: Result<Int, HTTPError>, attempts: Int = 1) -> BeaconRetryPolicy.Verdict {
        policy.verdict(for: result, attempts: attempts, now: now, expiresAt: expiresAt, unit: 0.5)
    }

    @Test func backoffDoublesFromTheBaseUpToTheCap() {
        let backoff = BeaconBackoff(jitter: .none)
        let delays = (1...9).map { backoff.delay(beforeRetry: $0, unit: 0.5) }
        #expect(delays == [1, 2, 4, 8, 16, 32, 60, 60, 60].map { Duration.seconds($0) })
        #expect(backoff.delay(beforeRetry: 10_000, unit: 0.5) == .seconds(60))
    }

    @Test func fullJitterDrawsBetweenZeroAndTheCeiling() {
        let backoff = BeaconBackoff()
        #expect(backoff.delay(beforeRetry: 3, unit: 0) == .zero)
        #expect(backoff.delay(beforeRetry: 3, unit: 0.5) == .seconds(2))
        #expect(backoff.delay(beforeRetry: 3, unit: 0.999) == .milliseconds(3996))
        #expect(backoff.delay(beforeRetry: 40, unit: 0.25) == .seconds(15))
    }

    @Test func twoHundredsAndNoContentAreDelivered() {
        #expect(verdict(.success(200)) == .delivered(status: 200))
        #expect(verdict(failure(.noContent, status: 204)) == .delivered(status: 204))
        #expect(verdict(failure(.tooLarge, status: 200)) == .delivered(status: 200))
    }

    @Test(arguments: [408, 429, 500, 502, 503, 599])
    func retryableStatusesAreRetriedAfterTheBackoff(_ status: Int) {
        #expect(verdict(failure(.badStatus, status: status), attempts: 3)
            == .retry(at: now + 4_000, status: status, error: "badStatus"))
    }

    @Test(arguments: [HTTPError.Kind.dns, .connect, .connectTimeout, .timeout, .connectionLost, .tls, .transport,
                      .shutdown])
    func networkFailuresAreRetried(_ kind: HTTPError.Kind) {
        #expect(verdict(failure(kind)) == .retry(at: now + 1_000, status: nil, error: "\(kind)"))
    }

    @Test(arguments: [400, 401, 403, 404, 410, 301, 304])
    func otherStatusesAreDropped(_ status: Int) {
        #expect(verdict(failure(.badStatus, status: status)) == .dropped(status: status, error: "badStatus"))
    }

    @Test func urlsThatCanNeverWorkAreDropped() {
        #expect(verdict(failure(.invalidURL)) == .dropped(status: nil, error: "invalidURL"))
        #expect(verdict(failure(.forbiddenProtocol)) == .dropped(status: nil, error: "forbiddenProtocol"))
        #expect(verdict(failure(.tooManyRedirects, status: 302)) == .dropped(status: 302, error: "tooManyRedirects"))
    }

    @Test func aCancelledSendIsInterruptedNotCounted() {
        #expect(verdict(failure(.cancelled)) == .interrupted)
    }

    @Test func aRetryIsNeverScheduledAfterTheBeaconExpires() {
        let soon = now + 500
        #expect(policy.verdict(for: failure(.badStatus, status: 503), attempts: 1, now: now, expiresAt: soon, unit: 0.5)
            == .retry(at: soon, status: 503, error: "badStatus"))
    }
}
