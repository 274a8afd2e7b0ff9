/// A successful response: a 2xx status with a body.
public struct HTTPResponse: Sendable, Hashable {
    /// The HTTP status (200 to 299, never 204).
    public var status: Int
    /// The decoded body (gzip, deflate and brotli are undone by libcurl).
    public var body: [UInt8]
    /// What the transfer did.
    public var report: HTTPTransferReport
    /// The headers a download reads (``HTTPClient/download(_:deadline:onResponse:)`` hands them on).
    var headers = HTTPResponseHeaders()
    /// A download's body was cut at its cap (``HTTPDownload/OverLimit/truncate``).
    var truncated = false

    /// Creates a response.
    public init(status: Int, body: [UInt8], report: HTTPTransferReport) {
        self.status = status
        self.body = body
        self.report = report
    }
}

/// What one transfer did, reported for successes and failures alike.
public struct HTTPTransferReport: Sendable, Hashable {
    /// The URL asked for.
    public var url: String
    /// The URL answered, after redirects (as libcurl's URL API writes it).
    public var effectiveURL: String
    /// The final HTTP status, 0 when none arrived.
    public var status: Int
    /// Decoded body bytes received.
    public var bytes: Int
    /// Redirects followed.
    public var redirects: Int
    /// True when the last hop's request went out on a connection from the pool (no new connection
    /// was opened for it), also when it then failed.
    public var connectionReused: Bool
    /// Milliseconds from the start to the end of the last hop's name resolution (0 when none).
    public var dnsMilliseconds: Double
    /// Milliseconds from the start until the last hop's TCP connection was up (0 when reused).
    public var connectMilliseconds: Double
    /// Milliseconds from the start until the last hop's TLS handshake was done (0 for http).
    public var tlsMilliseconds: Double
    /// Milliseconds from the start to the last hop's first response byte.
    public var firstByteMilliseconds: Double
    /// Milliseconds for the whole transfer, redirects included (the start is when the first hop
    /// got its connection slot).
    public var totalMilliseconds: Double
    /// The delay the final response's `Retry-After` header asked for (seconds or an HTTP-date,
    /// RFC 9110 section 10.2.3), between zero and one day; `nil` when it had none or an unreadable one.
    public var retryAfter: Duration?

    /// Creates a report.
    public init(
        url: String, effectiveURL: String = "", status: Int = 0, bytes: Int = 0, redirects: Int = 0,
        connectionReused: Bool = false, dnsMilliseconds: Double = 0, connectMilliseconds: Double = 0,
        tlsMilliseconds: Double = 0, firstByteMilliseconds: Double = 0, totalMilliseconds: Double = 0,
        retryAfter: Duration? = nil
    ) {
        self.url = url
        self.effectiveURL = effectiveURL.isEmpty ? url : effectiveURL
        self.status = status
        self.bytes = bytes
        self.redirects = redirects
        self.connectionReused = connectionReused
        self.dnsMilliseconds = dnsMilliseconds
        self.connectMilliseconds = connectMilliseconds
        self.tlsMilliseconds = tlsMilliseconds
        self.firstByteMilliseconds = firstByteMilliseconds
        self.totalMilliseconds = totalMilliseconds
        self.retryAfter = retryAfter
    }
}
