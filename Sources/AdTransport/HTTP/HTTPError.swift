/// Why a fetch did not produce a response.
///
/// A struct with a kind, so kinds can be added without breaking callers. Every error carries
/// the transfer report (what happened before it failed) and, for network errors, curl's message.
public struct HTTPError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The failure families.
    public enum Kind: String, Sendable, Hashable {
        /// The host name did not resolve.
        case dns
        /// The connection was refused or could not be made.
        case connect
        /// The connection was not up before the connect timeout.
        case connectTimeout
        /// The transfer did not finish before its deadline (or was slower than the low-speed limit).
        case timeout
        /// The body was larger than allowed (counted decoded, so compression cannot hide it).
        case tooLarge
        /// The server answered with a status that is not 2xx.
        case badStatus
        /// The server answered 204, or 2xx with an empty body.
        case noContent
        /// TLS failed (handshake, certificate, verification).
        case tls
        /// The URL, or a redirect, used a scheme other than http or https.
        case forbiddenProtocol
        /// Too many redirects.
        case tooManyRedirects
        /// The URL is not one curl can use.
        case invalidURL
        /// The connection broke mid-transfer (reset, closed early).
        case connectionLost
        /// The caller's task was cancelled.
        case cancelled
        /// The client was shut down.
        case shutdown
        /// Anything else curl reported.
        case transport
    }

    /// The family.
    public let kind: Kind
    /// What went wrong, for a person (curl's message where curl had one).
    public let message: String
    /// The status, for ``Kind/badStatus`` and ``Kind/noContent``.
    public var status: Int? { report.status == 0 ? nil : report.status }
    /// What the transfer did before it failed.
    public let report: HTTPTransferReport

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, report: HTTPTransferReport) {
        self.kind = kind
        self.message = message
        self.report = report
    }

    public var description: String { "\(kind.rawValue): \(message) (\(report.url))" }
}
