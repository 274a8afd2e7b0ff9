public import AdErrors

/// Why a fetch did not produce a response.
///
/// A `CodedError`: its code can grow without breaking callers (switch on it with a `default`). Every error carries
/// the transfer report (what happened before it failed) and, for network errors, curl's message.
public struct HTTPError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == HTTPError` below, which
    /// can grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<HTTPError>

    /// Which reason this is.
    public let code: Code
    /// What went wrong, for a person (curl's message where curl had one).
    public let message: String
    /// The status, for `HTTPError.Code.badStatus` and `HTTPError.Code.noContent`.
    public var status: Int? { report.status == 0 ? nil : report.status }
    /// What the transfer did before it failed.
    public let report: HTTPTransferReport

    /// Creates an error.
    public init(_ code: Code, _ message: String, report: HTTPTransferReport) {
        self.code = code
        self.message = message
        self.report = report
    }

    public var description: String { "\(code.description): \(message) (\(report.url))" }
}

extension ErrorCode where Domain == HTTPError {
    /// The host name did not resolve.
    public static let dns = Self("dns")
    /// The connection was refused or could not be made.
    public static let connect = Self("connect")
    /// The connection was not up before the connect timeout.
    public static let connectTimeout = Self("connectTimeout")
    /// The transfer did not finish before its deadline (or was slower than the low-speed limit).
    public static let timeout = Self("timeout")
    /// The body was larger than allowed (counted decoded, so compression cannot hide it), or the
    /// response headers were: more lines or bytes than the client reads, or one line longer than
    /// curl's 100 KiB.
    public static let tooLarge = Self("tooLarge")
    /// The server answered with a status that is not 2xx.
    public static let badStatus = Self("badStatus")
    /// The server answered 204, or 2xx with an empty body.
    public static let noContent = Self("noContent")
    /// TLS failed (handshake, certificate, verification).
    public static let tls = Self("tls")
    /// The URL, or a redirect, used a scheme other than http or https.
    public static let forbiddenProtocol = Self("forbiddenProtocol")
    /// The server's answer is not a well-formed HTTP/1.x response: no status line (bytes that are
    /// not HTTP, or an HTTP/0.9 answer, which is never accepted), an unknown HTTP version, a status
    /// code that is not three digits, or a header line that cannot be read (no colon, a NUL byte, an
    /// invalid `Content-Length`).
    /// The message quotes curl's reason.
    public static let malformedResponse = Self("malformedResponse")
    /// Too many redirects.
    public static let tooManyRedirects = Self("tooManyRedirects")
    /// The URL is not one curl can use.
    public static let invalidURL = Self("invalidURL")
    /// The connection broke mid-transfer (reset, closed early).
    public static let connectionLost = Self("connectionLost")
    /// The caller's task was cancelled.
    public static let cancelled = Self("cancelled")
    /// The client was shut down.
    public static let shutdown = Self("shutdown")
    /// A download's body could not be written to its file (a full disk, a symbolic link or
    /// something other than a regular file at the path); the message says which.
    public static let writeFailed = Self("writeFailed")
    /// A download's 206 was not the range asked for (or came unasked): its bytes cannot be placed.
    public static let unexpectedRange = Self("unexpectedRange")
    /// A download asked for no bytes (a byte cap below 1) or an impossible range.
    public static let invalidRequest = Self("invalidRequest")
    /// Anything else curl reported.
    public static let transport = Self("transport")
    /// The client cannot fetch anything: libcurl, which it opens on first use, could not be loaded (the
    /// message says why, as `cannot load libcurl.so.4 (...)`). Nothing was sent.
    public static let unavailable = Self("unavailable")
}
