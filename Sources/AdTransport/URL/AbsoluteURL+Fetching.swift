extension AbsoluteURL {
    /// Why a URL is not one the client fetches.
    struct FetchRefusal: Error {
        /// `HTTPError.Code.invalidURL` or `HTTPError.Code.forbiddenProtocol`.
        let kind: HTTPError.Code
        let message: String
    }

    /// Parses `text` as a URL the client may fetch: absolute, and http or https. Relative
    /// references (`sample.xml`, `ads.example.com/tag`) are refused rather than guessed at, so no
    /// resolver ever sees a file name as a host; with a `base`, `text` is resolved against it
    /// first (a redirect's `Location`).
    /// - Throws: ``FetchRefusal``: `forbiddenProtocol` for any other scheme (also one libcurl
    ///   does not know, such as `javascript:`), `invalidURL` for the rest.
    static func fetchable(_ text: String, base: AbsoluteURL? = nil) throws(FetchRefusal) -> AbsoluteURL {
        let url: AbsoluteURL
        do {
            if let base { url = try base.resolving(text) } else { url = try AbsoluteURL(parsing: text) }
        } catch {
            if let scheme = Self.scheme(of: text), scheme != "http", scheme != "https" {
                throw FetchRefusal(kind: .forbiddenProtocol, message: Self.forbidden(scheme))
            }
            throw FetchRefusal(kind: .invalidURL, message: error.message)
        }
        guard url.isHTTP else { throw FetchRefusal(kind: .forbiddenProtocol, message: Self.forbidden(url.scheme)) }
        return url
    }

    private static func forbidden(_ scheme: String) -> String {
        "only http and https are allowed, not \(scheme.prefix(32))"
    }

    /// The scheme of `text` as RFC 3986 section 3.1 writes it (`ALPHA *( ALPHA / DIGIT / "+" /
    /// "-" / "." ) ":"`), lowercased; `nil` when it has none (a relative reference).
    private static func scheme(of text: String) -> String? {
        guard let colon = text.utf8.firstIndex(of: UInt8(ascii: ":")) else { return nil }
        let scheme = text.utf8[..<colon]
        guard let first = scheme.first, Self.isLetter(first),
            scheme.allSatisfy({ isLetter($0) || ($0 >= 48 && $0 <= 57) || $0 == 43 || $0 == 45 || $0 == 46 })
        else { return nil }
        return String(decoding: scheme, as: UTF8.self).lowercased()
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122)
    }
}
