import AdTransport
import Testing

extension HTTPClient {
    /// Runs a fetch expected to fail; records an issue and returns `nil` when it succeeds.
    /// - Returns: the error and how long the fetch took.
    func failure(_ url: String, timeout: Duration = .seconds(5), maxBodyBytes: Int? = nil) async
        -> (error: HTTPError, elapsed: Duration)?
    {
        let start = ContinuousClock.now
        do throws(HTTPError) {
            let response = try await fetch(HTTPRequest(url: url, maxBodyBytes: maxBodyBytes), timeout: timeout)
            Issue.record("expected a failure, got HTTP \(response.status) with \(response.body.count) bytes")
            return nil
        } catch {
            return (error, ContinuousClock.now - start)
        }
    }
}
