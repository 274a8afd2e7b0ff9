/// A GET whose body is streamed to a file, or kept as a bounded prefix in memory, with HTTP's
/// range and validation headers: for creatives (media files, banner images) and for reading the
/// first bytes of a large file.
///
/// Sent by ``HTTPClient/download(_:deadline:onResponse:)`` with the client's hardening unchanged (http and
/// https only, every redirect checked, connect / total / low-speed timeouts, bounded headers);
/// the byte cap is ``maxBytes``, counted on the bytes received. No `Accept-Encoding` is sent, so
/// byte ranges and sizes are those of the file itself.
public struct HTTPDownload: Sendable, Hashable {
    /// Where the body goes.
    public enum Destination: Sendable, Hashable {
        /// Written to the file at this path as it arrives, never held in memory. The file is opened
        /// with `O_NOFOLLOW` (a symbolic link there is refused) and, when created, mode 0600; it
        /// must be a regular file. It is opened only once a 2xx body starts, so an error page, a
        /// redirect's body or a 304 never touches it. The caller makes it durable (`fsync`).
        case file(String)
        /// Kept in ``HTTPDownloadResponse/body``, at most ``HTTPDownload/maxBytes`` bytes.
        case memory
    }

    /// What happens when the body is longer than ``HTTPDownload/maxBytes``.
    public enum OverLimit: Sendable, Hashable {
        /// The download fails with `HTTPError.Code.tooLarge` (a declared length over the cap fails
        /// before any byte is read).
        case fail
        /// The transfer stops once ``HTTPDownload/maxBytes`` bytes arrived and the download succeeds
        /// with them, ``HTTPDownloadResponse/truncated`` set: for reading a file's first bytes from a
        /// server that ignores `Range`.
        case truncate
    }

    /// The absolute http(s) URL.
    public var url: String
    /// Extra request headers, in order (the range and validator headers are added from
    /// ``range`` and ``validator``; do not repeat them here).
    public var headers: [HTTPHeader]
    /// Where the body goes.
    public var destination: Destination
    /// The bytes asked for (`Range`), or `nil` for the whole file. With ``HTTPByteRange/from(_:)``
    /// and a file destination, a 206 is written after the first `offset` bytes already in the file
    /// (a resumed download) and a 200 replaces them.
    public var range: HTTPByteRange?
    /// What the caller already has. With a ``range``: sent as `If-Range`, so a changed file comes
    /// back whole (200) rather than as a range of a different file. Without: sent as
    /// `If-None-Match` / `If-Modified-Since`, so an unchanged file answers 304 with no body.
    public var validator: HTTPValidator?
    /// The most body bytes accepted (this response's, not the file's size for a range).
    public var maxBytes: Int
    /// What happens past ``maxBytes``.
    public var overLimit: OverLimit

    /// Creates a download.
    public init(
        url: String, headers: [HTTPHeader] = [], destination: Destination, range: HTTPByteRange? = nil,
        validator: HTTPValidator? = nil, maxBytes: Int, overLimit: OverLimit = .fail
    ) {
        self.url = url
        self.headers = headers
        self.destination = destination
        self.range = range
        self.validator = validator
        self.maxBytes = maxBytes
        self.overLimit = overLimit
    }
}

/// The bytes a download asks for (RFC 9110 section 14.1.2).
public enum HTTPByteRange: Sendable, Hashable {
    /// From `offset` to the end: `bytes=offset-`.
    case from(Int)
    /// `first` to `last`, both included: `bytes=first-last`.
    case bytes(first: Int, last: Int)
    /// The last `count` bytes: `bytes=-count`.
    case suffix(Int)

    /// The `Range` header's value, or `nil` when the numbers make no range.
    var headerValue: String? {
        switch self {
        case .from(let offset): offset >= 0 ? "bytes=\(offset)-" : nil
        case .bytes(let first, let last): first >= 0 && last >= first ? "bytes=\(first)-\(last)" : nil
        case .suffix(let count): count > 0 ? "bytes=-\(count)" : nil
        }
    }
}

/// A response's validators (RFC 9110 section 8.8): what identifies one version of a file.
public struct HTTPValidator: Sendable, Hashable, Codable {
    /// The `ETag`, as sent (quotes and `W/` included).
    public var etag: String?
    /// The `Last-Modified` HTTP-date, as sent.
    public var lastModified: String?

    /// Creates a validator; `nil` when both are `nil`.
    public init?(etag: String?, lastModified: String?) {
        guard etag != nil || lastModified != nil else { return nil }
        self.etag = etag
        self.lastModified = lastModified
    }

    /// The `If-Range` value: the ETag when it is strong (a weak one may not be used there), else the date.
    var ifRange: String? {
        if let etag, !etag.hasPrefix("W/") { return etag }
        return lastModified
    }
}
