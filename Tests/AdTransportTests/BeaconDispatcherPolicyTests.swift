import Testing

@testable import AdTransport

/// The retry policy and backoff as pure functions: time and randomness are inputs.
@Suite struct BeaconDispatcherPolicyTests {
    let policy = BeaconRetryPolicy(backoff: BeaconBackoff(base: .seconds(1), cap: .seconds(60), jitter: .none))
    let now: Int64 = 1_000_000
    let expiresAt: Int64 = 1_000_000 + 3_600_000

    private func failure(_ kind: HTTPError.Code, status: Int = 0) -> Result<Int, HTTPError> {
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

    @Test func aRandomNumberIsDrawnOnlyForARetry() {
        // A draw is a `getrandom` system call on Linux; most sends are delivered and need none.
        var draws = 0
        func draw() -> Double {
            draws += 1
            return 0.5
        }
        let cases: [(Result<Int, HTTPError>, Int)] = [
            (.success(204), 0), (failure(.noContent, status: 204), 0), (failure(.badStatus, status: 404), 0),
            (failure(.cancelled), 0), (failure(.invalidURL), 0), (failure(.badStatus, status: 503), 1),
            (failure(.connect), 1),
        ]
        for (result, expected) in cases {
            draws = 0
            _ = policy.verdict(for: result, attempts: 1, now: now, expiresAt: expiresAt, unit: draw())
            #expect(draws == expected, "\(result)")
        }
    }

    @Test(arguments: [408, 429, 500, 502, 503, 599])
    func retryableStatusesAreRetriedAfterTheBackoff(_ status: Int) {
        #expect(
            verdict(failure(.badStatus, status: status), attempts: 3)
                == .retry(at: now + 4_000, status: status, error: "badStatus"))
    }

    @Test(arguments: [
        HTTPError.Code.dns, .connect, .connectTimeout, .timeout, .connectionLost, .tls, .transport,
        .shutdown,
    ])
    func networkFailuresAreRetried(_ kind: HTTPError.Code) {
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

    private func limited(_ status: Int, retryAfter: Duration?) -> Result<Int, HTTPError> {
        .failure(
            HTTPError(
                .badStatus, "badStatus",
                report: HTTPTransferReport(
                    url: "http://example.test/p", status: status, retryAfter: retryAfter)))
    }

    @Test(arguments: [429, 503, 500, 408])
    func aLongerRetryAfterOnARetryableStatusIsHonoured(_ status: Int) {
        #expect(
            verdict(limited(status, retryAfter: .seconds(30)))
                == .retry(at: now + 30_000, status: status, error: "badStatus"))
    }

    @Test func aShorterRetryAfterDoesNotHurryTheBackoff() {
        #expect(
            verdict(limited(503, retryAfter: .zero), attempts: 4)
                == .retry(at: now + 8_000, status: 503, error: "badStatus"))
    }

    @Test func retryAfterNeverGoesBeyondTheBackoffsCapOrTheTTL() {
        #expect(
            verdict(limited(429, retryAfter: .seconds(86_400)))
                == .retry(at: now + 60_000, status: 429, error: "badStatus"))
        let soon = now + 10_000
        #expect(
            policy.verdict(
                for: limited(429, retryAfter: .seconds(30)), attempts: 1, now: now, expiresAt: soon,
                unit: 0.5) == .retry(at: soon, status: 429, error: "badStatus"))
    }

    @Test func aRetryAfterOnAStatusThatIsNotRetriedChangesNothing() {
        #expect(verdict(limited(404, retryAfter: .seconds(30))) == .dropped(status: 404, error: "badStatus"))
    }

    @Test func hugeTimesCannotTrap() {
        let late: Int64 = .max - 5
        #expect(
            policy.verdict(
                for: limited(503, retryAfter: .seconds(86_400)), attempts: .max, now: late,
                expiresAt: .max, unit: 1) == .retry(at: .max, status: 503, error: "badStatus"))
        #expect(
            BeaconBackoff(base: .seconds(1), cap: .seconds(86_400), jitter: .none).delay(beforeRetry: .max, unit: 0)
                == .seconds(86_400))
    }

    @Test func outlandishConfigurationsAreRefusedBeforeAnyArithmetic() {
        var configuration = BeaconDispatcherConfiguration()
        configuration.timeToLive = .seconds(Int64.max)
        #expect(configuration.problem == "timeToLive must be at most 30 days")
        configuration = BeaconDispatcherConfiguration()
        configuration.backoff.cap = .seconds(1 << 40)
        #expect(configuration.problem == "backoff.cap must be at most one day")
        configuration = BeaconDispatcherConfiguration()
        configuration.maxStoreBytes = 1000
        #expect(configuration.problem == "maxStoreBytes must be at least 65536 (64 KiB)")
        configuration = BeaconDispatcherConfiguration()
        configuration.maxQueuedPerHost = 0
        #expect(configuration.problem == "maxQueuedPerHost must be at least 1")
    }

    @Test func aRetryIsNeverScheduledAfterTheBeaconExpires() {
        let soon = now + 500
        #expect(
            policy.verdict(for: failure(.badStatus, status: 503), attempts: 1, now: now, expiresAt: soon, unit: 0.5)
                == .retry(at: soon, status: 503, error: "badStatus"))
    }
}
