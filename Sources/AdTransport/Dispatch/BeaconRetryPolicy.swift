/// What the dispatcher does after one send, as a pure function of the send's result, the
/// beacon's attempts and TTL, and the time: tested with time and randomness as inputs.
struct BeaconRetryPolicy {
    /// The decision for one finished send.
    enum Verdict: Equatable {
        /// A 2xx (204 included): record and report delivered.
        case delivered(status: Int)
        /// Retrying cannot help: record and report dropped.
        case dropped(status: Int?, error: String)
        /// Send again at `at` (ms since 1970, never after the beacon expires).
        case retry(at: Int64, status: Int?, error: String)
        /// The dispatcher cancelled the send (it is stopping): queue it again, uncounted.
        case interrupted
    }

    var backoff: BeaconBackoff

    /// Judges a send that ended with `result` (the 2xx status, or the client's error).
    ///
    /// Retried: network failures (DNS, connect, timeouts, a connection lost mid-body, TLS, a
    /// client shut down under the dispatcher), 5xx, 408 and 429. Dropped: any other non-2xx
    /// status, too many redirects, and URLs curl cannot or may not use (retrying those can
    /// never succeed).
    ///
    /// The wait is the backoff's; a retryable response's `Retry-After` (its
    /// ``HTTPTransferReport/retryAfter``) makes it longer, never beyond the backoff's cap, and no
    /// retry is ever scheduled after the beacon expires.
    /// - Parameters:
    ///   - attempts: sends started for this beacon, this one included.
    ///   - unit: a random number in `0..<1`, for the backoff's jitter; evaluated only for a
    ///     retry (a random number costs a `getrandom` system call on Linux: most sends are
    ///     delivered and need none).
    func verdict(
        for result: Result<Int, HTTPError>, attempts: Int, now: Int64, expiresAt: Int64,
        unit: @autoclosure () -> Double
    ) -> Verdict {
        let error: HTTPError
        switch result {
        case .success(let status): return .delivered(status: status)
        case .failure(let failure): error = failure
        }
        let status = error.status
        switch error.code {
        case .noContent:
            return .delivered(status: status ?? 204)
        case .tooLarge where (200..<300).contains(status ?? 0):
            // The server accepted the beacon; only its answer was larger than we read.
            return .delivered(status: status ?? 200)
        case .badStatus:
            let code = status ?? 0
            guard code == 408 || code == 429 || (500..<600).contains(code) else {
                return .dropped(status: status, error: error.message)
            }
        case .cancelled:
            return .interrupted
        case .invalidURL, .forbiddenProtocol, .tooManyRedirects:
            return .dropped(status: status, error: error.message)
        default:
            // Network failures (dns, connect, timeouts, tls, connectionLost, shutdown, transport), a body
            // too large from a failing server, and any code added later: retried with backoff.
            break
        }
        var wait = backoff.delay(beforeRetry: attempts, unit: unit()).milliseconds
        if let asked = error.report.retryAfter {
            wait = max(wait, min(asked.milliseconds, backoff.cap.milliseconds))
        }
        return .retry(at: min(now.addingSaturating(wait), expiresAt), status: status, error: error.message)
    }
}
