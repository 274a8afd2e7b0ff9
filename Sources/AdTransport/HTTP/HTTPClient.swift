public import AdErrors

/// An HTTP client over libcurl for ad responses, creatives and beacons.
///
/// One curl multi handle, driven by one dedicated thread, runs every transfer: connections
/// are pooled and reused (at most ``HTTPClientConfiguration/maxConnectionsPerHost`` per host),
/// and no Swift task ever blocks on the network. Safe defaults: absolute http and https URLs
/// only, checked with ``AbsoluteURL`` before curl sees them (also every redirect, which the
/// client follows itself), connect / total / low-speed timeouts, a byte cap on decoded bodies,
/// bounded response headers, every encoding curl can decode accepted, TLS verification always
/// on, SIGPIPE ignored.
///
/// The status is judged here, not by curl: 2xx with a body is a response, 204 (or an empty
/// 2xx) is `HTTPError.Code.noContent`, anything else `HTTPError.Code.badStatus`.
///
/// Thread-safe; share one client. Call ``shutdown()`` (or drop the last reference) to stop
/// its thread; fetches still running then fail with `HTTPError.Code.shutdown`.
public final class HTTPClient: Sendable {
    /// The configuration the client was made with.
    public let configuration: HTTPClientConfiguration
    private let loop: CurlLoop

    /// Creates a client and starts its thread.
    /// - Throws: ``HTTPClientConfigurationError`` naming the first field out of range.
    public init(configuration: HTTPClientConfiguration = .init()) throws(HTTPClientConfigurationError) {
        if let problem = configuration.problem { throw HTTPClientConfigurationError(message: problem) }
        self.configuration = configuration
        loop = CurlLoop(configuration: configuration)
    }

    deinit {
        loop.submit(.stop)
    }

    /// Fetches `request`, finishing by `deadline`.
    ///
    /// The URL must be absolute http or https: a relative reference (`sample.xml`) is
    /// `HTTPError.Code.invalidURL` and another scheme `HTTPError.Code.forbiddenProtocol`, at
    /// once, without a transfer (so no resolver ever sees a file name as a host). Redirects
    /// (301, 302, 303, 307, 308) are followed up to ``HTTPClientConfiguration/maxRedirects``,
    /// each `Location` resolved and checked the same way, within the same deadline.
    ///
    /// Cancelling the calling task aborts the transfer promptly (the loop thread is woken and
    /// removes it) and throws `HTTPError.Code.cancelled`; so does stopping the engine call the task
    /// runs (when the engine closes it or its presentation).
    /// - Returns: the response, for a 2xx status with a body.
    /// - Throws: ``HTTPError``, with the transfer report.
    public func fetch(_ request: HTTPRequest, deadline: ContinuousClock.Instant) async throws(HTTPError) -> HTTPResponse
    {
        let url = try checked(request, deadline: deadline)
        guard !CallStop.isCancelled else {
            throw HTTPError(.cancelled, "the request was cancelled", report: HTTPTransferReport(url: request.url))
        }
        let id = loop.makeID()
        let loop = self.loop
        let outcome = await CallStop.withCancellationHandler {
            await withCheckedContinuation { continuation in
                guard !loop.submit(.start(id, request, url, deadline: deadline, .task(continuation))) else { return }
                continuation.resume(returning: .failure(Self.shutDown(request)))
            }
        } onCancel: {
            loop.submit(.cancel(id))
        }
        return try outcome.get()
    }

    /// Starts fetching `request`, as ``fetch(_:deadline:)`` does, and hands the outcome to
    /// `completion` on the client's thread: for a caller on a thread of its own (the beacon
    /// dispatcher), which then needs no task per fetch and no hop through the cooperative pool.
    ///
    /// `completion` runs exactly once, on the client's thread, and must return at once: hand the
    /// outcome on, never block or do real work there. ``cancel(_:)`` with the returned id stops
    /// the fetch, whose completion then gets `HTTPError.Code.cancelled`.
    /// - Returns: the fetch's id, for ``cancel(_:)``.
    /// - Throws: ``HTTPError`` at once for a URL that cannot be fetched, a deadline already
    ///   passed or a client already shut down; `completion` is not called then.
    package func start(
        _ request: HTTPRequest, deadline: ContinuousClock.Instant,
        completion: @escaping @Sendable (Result<HTTPResponse, HTTPError>) -> Void
    ) throws(HTTPError) -> UInt64 {
        let url = try checked(request, deadline: deadline)
        let id = loop.makeID()
        guard loop.submit(.start(id, request, url, deadline: deadline, .callback(completion))) else {
            throw Self.shutDown(request)
        }
        return id
    }

    /// The error of a request made after ``shutdown()``.
    private static func shutDown(_ request: HTTPRequest) -> HTTPError {
        HTTPError(.shutdown, "the HTTP client was shut down", report: HTTPTransferReport(url: request.url))
    }

    /// Stops the fetch `id` of ``start(_:deadline:completion:)``; its completion gets
    /// `HTTPError.Code.cancelled` (unless it had already finished).
    package func cancel(_ id: UInt64) {
        loop.submit(.cancel(id))
    }

    /// The request's URL, once it is known to be fetchable and the deadline still ahead.
    private func checked(_ request: HTTPRequest, deadline: ContinuousClock.Instant) throws(HTTPError) -> AbsoluteURL {
        if let problem = loop.unavailable {
            throw HTTPError(.unavailable, problem, report: HTTPTransferReport(url: request.url))
        }
        let url: AbsoluteURL
        do throws(AbsoluteURL.FetchRefusal) {
            url = try AbsoluteURL.fetchable(request.url)
        } catch {
            throw HTTPError(error.kind, error.message, report: HTTPTransferReport(url: request.url))
        }
        guard ContinuousClock.now < deadline else {
            throw HTTPError(
                .timeout, "the deadline passed before the request started", report: HTTPTransferReport(url: request.url)
            )
        }
        return url
    }

    /// Fetches `request` within `timeout` from now.
    /// - Throws: ``HTTPError``.
    public func fetch(_ request: HTTPRequest, timeout: Duration) async throws(HTTPError) -> HTTPResponse {
        try await fetch(request, deadline: .now + timeout)
    }

    /// Stops the client's thread; transfers in flight fail with `HTTPError.Code.shutdown`, and so
    /// does every fetch made afterwards, at once.
    public func shutdown() {
        loop.submit(.stop)
    }
}

/// A client configuration with a field out of range.
public struct HTTPClientConfigurationError: CodedError {
    /// Which reason: one of the static members of `ErrorCode where Domain == HTTPClientConfigurationError`.
    public typealias Code = ErrorCode<HTTPClientConfigurationError>

    /// Which reason this is: ``Code`` `outOfRange` for every error today.
    public var code: Code { .outOfRange }
    /// Which field, and what it must be.
    public let message: String

    public var description: String { message }
}

extension ErrorCode where Domain == HTTPClientConfigurationError {
    /// A field of the configuration is outside its range; the message names it.
    public static let outOfRange = Self("outOfRange")
}
