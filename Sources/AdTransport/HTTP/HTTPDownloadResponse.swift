/// How a download ended: a 2xx with its body written (or kept), or a 304 when the validator
/// still holds.
public struct HTTPDownloadResponse: Sendable, Hashable {
    /// The HTTP status: 200 (the whole file), 206 (the range asked for) or 304 (not modified).
    public var status: Int
    /// The response headers a download needs.
    public var headers: HTTPResponseHeaders
    /// Body bytes received and written (or kept) by this response.
    public var bytes: Int
    /// The body, for a ``HTTPDownload/Destination/memory`` download; empty otherwise.
    public var body: [UInt8]
    /// True when the body went on past ``HTTPDownload/maxBytes`` and was cut there
    /// (``HTTPDownload/OverLimit/truncate``).
    public var truncated: Bool
    /// What the transfer did.
    public var report: HTTPTransferReport

    /// Creates a response.
    public init(
        status: Int, headers: HTTPResponseHeaders, bytes: Int, body: [UInt8] = [], truncated: Bool = false,
        report: HTTPTransferReport
    ) {
        self.status = status
        self.headers = headers
        self.bytes = bytes
        self.body = body
        self.truncated = truncated
        self.report = report
    }

    /// True for a 304: the caller's copy is current and nothing was written.
    public var notModified: Bool { status == 304 }

    /// The validator of the version received (or confirmed by a 304).
    public var validator: HTTPValidator? { HTTPValidator(etag: headers.etag, lastModified: headers.lastModified) }

    /// The whole file's size: from `Content-Range` for a 206, `Content-Length` for a 200 (`nil`
    /// when the server did not say, or for a 304).
    public var totalSize: Int? {
        switch status {
        case 206: headers.contentRange?.total
        case 200..<300: headers.contentLength
        default: nil
        }
    }
}

/// The response headers a download reads, each bounded (a value over 1,024 bytes is dropped).
public struct HTTPResponseHeaders: Sendable, Hashable {
    /// `Content-Type`, as sent (parameters included).
    public var contentType: String?
    /// `Content-Length`, when it is a number.
    public var contentLength: Int?
    /// `Content-Range` of a 206, when it is a byte range this client can read.
    public var contentRange: HTTPContentRange?
    /// `ETag`, as sent.
    public var etag: String?
    /// `Last-Modified`, as sent.
    public var lastModified: String?
    /// `Access-Control-Allow-Origin`: what a web player's browser checks before it lets a page read
    /// the file (a video element plays without it, but a player that reads the bytes does not).
    public var accessControlAllowOrigin: String?
    /// `Accept-Ranges`, as sent.
    public var acceptRanges: String?

    /// Creates headers.
    public init(
        contentType: String? = nil, contentLength: Int? = nil, contentRange: HTTPContentRange? = nil,
        etag: String? = nil, lastModified: String? = nil, accessControlAllowOrigin: String? = nil,
        acceptRanges: String? = nil
    ) {
        self.contentType = contentType
        self.contentLength = contentLength
        self.contentRange = contentRange
        self.etag = etag
        self.lastModified = lastModified
        self.accessControlAllowOrigin = accessControlAllowOrigin
        self.acceptRanges = acceptRanges
    }

    /// The media type without parameters, lower-cased (`video/mp4` of `Video/MP4; codecs=...`).
    public var mediaType: String? {
        guard let contentType else { return nil }
        let bare = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        let trimmed = bare.trimmingSpaces.lowercased()
        return trimmed.isEmpty ? nil : trimmed
    }
}

/// A 206's `Content-Range: bytes first-last/total` (RFC 9110 section 14.4).
public struct HTTPContentRange: Sendable, Hashable {
    /// The first byte sent.
    public var first: Int
    /// The last byte sent (included).
    public var last: Int
    /// The whole file's size, `nil` for `*`.
    public var total: Int?

    /// Creates a range.
    public init(first: Int, last: Int, total: Int?) {
        self.first = first
        self.last = last
        self.total = total
    }

    /// Reads `bytes first-last/total` (or `/*`); `nil` for anything else.
    init?(header: String) {
        let text = header.trimmingSpaces
        guard text.hasPrefix("bytes ") else { return nil }
        let parts = text.dropFirst(6).split(separator: "/", maxSplits: 1)
        guard parts.count == 2 else { return nil }
        let span = parts[0].split(separator: "-", maxSplits: 1)
        guard span.count == 2, let first = Self.number(span[0]), let last = Self.number(span[1]), last >= first
        else { return nil }
        let total: Int?
        if parts[1] == "*" {
            total = nil
        } else {
            guard let value = Self.number(parts[1]), value > last else { return nil }
            total = value
        }
        self.init(first: first, last: last, total: total)
    }

    /// A decimal of at most 18 digits (so it never overflows).
    static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.utf8.count <= 18, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(text)
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    var trimmingSpaces: String {
        var slice = Substring(self)
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }
}
