/// A judge of URL-valued elements beyond the parser's built-in checks: a seam for a real URL
/// parser (VAST itself links no HTTP library; `AdResolution`'s `CurlURLValidator` uses libcurl's,
/// the parser the fetches use).
///
/// The parser always runs its built-in checks (scheme http or https, spaces, control characters,
/// splits, macros). When it has a validator, it also asks it about every non-empty URL whose scheme
/// is http or https, and reports a reason it gives as a `url.unparseable` error (IAB code 300 for a
/// Wrapper's tag URI, 101 otherwise). URLs arrive as written: trimmed, macros unexpanded, so the
/// validator must judge `[CACHEBUSTING]` and `%%CACHEBUSTING%%` as the values they will become.
///
/// Called on the parsing thread, once per URL, synchronously; it must be fast and must not block.
public struct VASTURLValidator: Sendable {
    /// Returns `nil` when `url` is usable, or a short reason for a person when it is not.
    public let problem: @Sendable (_ url: String) -> String?

    /// Creates a validator.
    /// - Parameter problem: returns `nil` for a usable URL, else why it is not (for example
    ///   `bad hostname`).
    public init(_ problem: @escaping @Sendable (_ url: String) -> String?) {
        self.problem = problem
    }
}
