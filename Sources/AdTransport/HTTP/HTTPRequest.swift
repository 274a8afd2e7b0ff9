/// A GET request for an ad response, a creative or a beacon.
public struct HTTPRequest: Sendable, Hashable {
    /// The absolute http(s) URL.
    public var url: String
    /// Extra request headers, in order.
    public var headers: [HTTPHeader]
    /// The largest body accepted, counted on decoded bytes; `nil` uses the client's default.
    public var maxBodyBytes: Int?
    /// Set for ``HTTPClient/download(_:deadline:onResponse:)``: where the body goes instead of ``HTTPResponse/body``.
    var download: DownloadJob?

    /// Creates a request.
    public init(url: String, headers: [HTTPHeader] = [], maxBodyBytes: Int? = nil) {
        self.url = url
        self.headers = headers
        self.maxBodyBytes = maxBodyBytes
    }
}

/// A download as the loop thread runs it: the request and who is told when its body starts.
struct DownloadJob: Sendable, Hashable {
    let download: HTTPDownload
    let onResponse: (@Sendable (Int, HTTPResponseHeaders) -> Void)?

    static func == (left: DownloadJob, right: DownloadJob) -> Bool { left.download == right.download }

    func hash(into hasher: inout Hasher) { hasher.combine(download) }
}

/// One request or response header.
public struct HTTPHeader: Sendable, Hashable {
    /// The header name.
    public var name: String
    /// Its value.
    public var value: String

    /// Creates a header.
    public init(_ name: String, _ value: String) {
        self.name = name
        self.value = value
    }
}
