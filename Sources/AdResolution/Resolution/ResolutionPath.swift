import AdTransport
import VAST

/// Where a response sits in its chain: the Wrappers that led to it, the URLs already requested,
/// the URL of the document that holds the ads being resolved, and the Wrapper that asked for it.
struct ResolutionPath: Sendable {
    /// The Wrappers followed so far, outermost first, with their hops.
    var chain: [(wrapper: VASTWrapper, hop: Int)] = []
    /// Loop-detection keys (`AbsoluteURL/comparisonKey`) of every URL requested on the way here.
    var visited: Set<String> = []
    /// The URL of the document holding the ads: the base of their relative VASTAdTagURIs
    /// (RFC 3986 section 5.1.3: after redirects, the URL that answered). `nil` when unknown.
    var base: AbsoluteURL?
    /// The Wrapper whose VASTAdTagURI fetched this response (its followAdditionalWrappers and
    /// allowMultipleAds apply); `nil` for the tag's own response.
    var parent: VASTWrapper?

    /// The path of the response `wrapper` (at `hop`) leads to.
    func entering(_ wrapper: VASTWrapper, at hop: Int) -> ResolutionPath {
        var next = self
        next.chain.append((wrapper, hop))
        next.parent = wrapper
        return next
    }

    /// `reference` resolved against ``base`` (or parsed as an absolute URL without one).
    func resolve(_ reference: String) throws(URLParseError) -> AbsoluteURL {
        if let base { return try base.resolving(reference) }
        return try AbsoluteURL(parsing: reference)
    }

    /// True when the document holding the ads was read from a local file (only such a document may
    /// lead to another file).
    var isLocal: Bool { base?.scheme == "file" }
}
