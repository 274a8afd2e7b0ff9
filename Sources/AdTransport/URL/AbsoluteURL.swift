public import AdErrors
internal import CCurl

/// An absolute URL as libcurl's URL API (`curl_url`) reads it: the same parser the transfers use,
/// so a URL accepted here is one a fetch can use, and one refused here would fail at fetch time.
///
/// Never guesses a scheme: `sample.xml` is not a host name but a relative reference, which
/// ``resolving(_:)`` resolves against a base (RFC 3986 section 5), as browsers and players do.
/// A value; parsing runs on the caller's thread and touches no network.
///
/// A URL of the plain shape that libcurl keeps as written (`https://ads.example/vast?cb=1`: see
/// `PlainURLShape`) is split without a `curl_url` handle, into the same parts libcurl gives
/// (`PlainURLShapeDifferentialTests` holds the two paths to each other); every other URL goes to
/// `curl_url`.
public struct AbsoluteURL: Sendable, Hashable, CustomStringConvertible {
    /// The longest URL accepted, in bytes (64 KiB; ad tags with many macros run to a few KiB).
    public static let maxLength = 64 << 10

    /// The whole URL as curl writes it back (scheme and host lowercased, dot segments removed).
    public let string: String
    /// The scheme, lowercased (`https`).
    public let scheme: String
    /// The host, lowercased; empty for a `file:` URL.
    public let host: String
    /// The port written in the URL when it is not the scheme's default.
    public let port: Int?
    /// The path, starting with `/`.
    public let path: String
    /// The query without its `?`, when there is one.
    public let query: String?

    /// Parses an absolute URL.
    /// - Throws: ``URLParseError`` for a relative reference, a malformed URL, an unknown scheme or
    ///   a URL longer than ``maxLength``.
    public init(parsing text: String) throws(URLParseError) {
        self = try Self.split(text, base: nil)
    }

    /// Parses an absolute URL with `curl_url` alone, without the plain-shape fast path: the
    /// reference the fast path is checked against, and the verdict `CurlURLValidator` reports.
    /// - Throws: ``URLParseError`` as ``init(parsing:)``.
    package init(libcurlParsing text: String) throws(URLParseError) {
        try self.init(text, base: nil)
    }

    /// Why libcurl's URL API cannot be used in this process (libcurl, opened on first use, could not be
    /// loaded), or nil when it can; the first call loads it. For a judge of URLs that must not blame a
    /// document for a missing library.
    package static var libcurlUnavailable: String? { Curl.loadProblem }

    /// Resolves `reference` (absolute, or relative such as `wrapper-b.xml`, `../tags/a.xml`,
    /// `//cdn.example/x`, `?id=2`) against this URL, per RFC 3986 section 5.
    /// - Throws: ``URLParseError`` when the result is not a URL curl can use.
    public func resolving(_ reference: String) throws(URLParseError) -> AbsoluteURL {
        // RFC 3986 5.2.2: an empty reference is the base itself (curl refuses to set an empty URL).
        guard !reference.isEmpty else { return self }
        return try Self.split(reference, base: string)
    }

    /// `text` split without a `curl_url` handle when it has the plain shape, as libcurl would split it
    /// (most ad URLs do; such a URL has a scheme, so against a base it is its own target, RFC 3986
    /// 5.2.2); otherwise by `curl_url`, against `base` when there is one.
    private static func split(_ text: String, base: String?) throws(URLParseError) -> AbsoluteURL {
        if let parts = PlainURLShape.canonicalParts(text) { return AbsoluteURL(parts) }
        return try AbsoluteURL(text, base: base)
    }

    /// Resolves `reference` against this URL with `curl_url` alone, without the plain-shape fast
    /// path: the reference that ``resolving(_:)``'s fast path is checked against.
    /// - Throws: ``URLParseError`` as ``resolving(_:)``.
    package func libcurlResolving(_ reference: String) throws(URLParseError) -> AbsoluteURL {
        guard !reference.isEmpty else { return self }
        return try AbsoluteURL(reference, base: string)
    }

    /// True for `http` and `https`, the only schemes the client fetches.
    public var isHTTP: Bool { scheme == "http" || scheme == "https" }

    /// Scheme, host and port (`https://ads.example:8443`): the connection-pool key.
    public var origin: String {
        var text = ""
        text.reserveCapacity(scheme.utf8.count + host.utf8.count + 9)
        appendOrigin(to: &text)
        return text
    }

    /// The URL without its fragment, scheme and host lowercased and the default port dropped:
    /// two spellings of one resource compare equal (wrapper loop detection).
    public var comparisonKey: String {
        var text = ""
        text.reserveCapacity(scheme.utf8.count + host.utf8.count + path.utf8.count + (query?.utf8.count ?? 0) + 10)
        appendOrigin(to: &text)
        text += path
        if let query {
            text += "?"
            text += query
        }
        return text
    }

    /// Appends ``origin`` to `text` (one string grown in place, not one made per piece).
    private func appendOrigin(to text: inout String) {
        text += scheme
        text += "://"
        text += host
        if let port {
            text += ":"
            text += String(port)
        }
    }

    public var description: String { string }

    private init(_ parts: PlainURLShape.Parts) {
        (string, scheme, host, port, path, query) =
            (parts.string, parts.scheme, parts.host, parts.port, parts.path, parts.query)
    }

    private init(_ text: String, base: String?) throws(URLParseError) {
        guard text.utf8.count <= Self.maxLength else {
            throw URLParseError(
                "the URL is \(text.utf8.count) bytes, over the \(Self.maxLength)-byte limit", input: text)
        }
        guard let handle = ad_curl_url() else {
            throw URLParseError(Curl.loadProblem ?? "out of memory", input: text)
        }
        defer { ad_curl_url_cleanup(handle) }
        if let base {
            try Self.check(ad_curl_url_set(handle, CURLUPART_URL, base, 0), input: base)
        }
        try Self.check(ad_curl_url_set(handle, CURLUPART_URL, text, 0), input: text)
        string = try Self.part(handle, CURLUPART_URL, input: text) ?? text
        scheme = (try Self.part(handle, CURLUPART_SCHEME, input: text) ?? "").lowercased()
        host = (try Self.part(handle, CURLUPART_HOST, input: text) ?? "").lowercased()
        port = try Self.part(handle, CURLUPART_PORT, flags: UInt32(CURLU_NO_DEFAULT_PORT), input: text).flatMap {
            Int($0)
        }
        path = try Self.part(handle, CURLUPART_PATH, input: text) ?? "/"
        query = try Self.part(handle, CURLUPART_QUERY, input: text)
    }

    /// One part of the URL, copied into Swift and freed at once; `nil` when the URL has none.
    private static func part(_ handle: OpaquePointer, _ which: CURLUPart, flags: UInt32 = 0, input: String)
        throws(URLParseError) -> String?
    {
        var pointer: UnsafeMutablePointer<CChar>?
        let code = ad_curl_url_get(handle, which, &pointer, flags)
        defer { if let pointer { ad_curl_free(pointer) } }
        switch code {
        case CURLUE_OK: return pointer.map { String(cString: $0) }
        case CURLUE_NO_PORT, CURLUE_NO_QUERY, CURLUE_NO_FRAGMENT, CURLUE_NO_HOST, CURLUE_NO_USER,
            CURLUE_NO_PASSWORD, CURLUE_NO_OPTIONS, CURLUE_NO_ZONEID:
            return nil
        default:
            try check(code, input: input)
            return nil
        }
    }

    private static func check(_ code: CURLUcode, input: String) throws(URLParseError) {
        guard code != CURLUE_OK else { return }
        let reason: String
        switch code {
        case CURLUE_BAD_SCHEME, CURLUE_UNSUPPORTED_SCHEME: reason = "the scheme is not one libcurl supports"
        case CURLUE_MALFORMED_INPUT: reason = "it is malformed (a relative reference needs a base URL)"
        default: reason = String(cString: ad_curl_url_strerror(code))
        }
        throw URLParseError("\"\(input.prefix(120))\" is not a usable URL: \(reason)", input: input)
    }
}

/// A string that is not a URL libcurl can use.
public struct URLParseError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == URLParseError` below.
    public typealias Code = ErrorCode<URLParseError>

    /// Which reason this is: ``Code`` `unusable` for every error today.
    public var code: Code { .unusable }
    /// What is wrong, for a person.
    public let message: String
    /// The text that was parsed (cut to 1 KiB).
    public let input: String

    init(_ message: String, input: String) {
        self.message = message
        self.input = String(input.prefix(1024))
    }

    public var description: String { message }
}

extension ErrorCode where Domain == URLParseError {
    /// libcurl's URL parser refused the text, or it is not an absolute http, https or file URL.
    public static let unusable = Self("unusable")
}
