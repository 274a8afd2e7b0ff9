public import VAST

/// An ad a response offered that will not play: its chain failed or its InLine has nothing to render.
///
/// Its error pixels were fired (with the code of ``failure``) when it failed. An ad is listed once,
/// at the outermost response where its failure did not end the whole resolution, or at the tag's
/// own response.
public struct VASTFailedAd: Sendable {
    /// The `<Ad>` as its response holds it (a Wrapper or an InLine).
    public var ad: VASTAd
    /// The hop of the response that holds it.
    public var hop: Int
    /// Its index among that response's `<Ad>` elements (0 for the first).
    public var position: Int
    /// Why it will not play.
    public var failure: VASTResolutionFailure
    /// The InLine it reached merged with its chain, when it reached one (an ad without a usable
    /// creative, a blocked category) and the resolver keeps failed ads
    /// (``WrapperResolverConfiguration/keepsFailedAds``); otherwise `nil`.
    public var resolved: ResolvedAd?

    /// Creates a failed ad.
    public init(ad: VASTAd, hop: Int, position: Int, failure: VASTResolutionFailure, resolved: ResolvedAd? = nil) {
        self.ad = ad
        self.hop = hop
        self.position = position
        self.failure = failure
        self.resolved = resolved
    }

    /// `/VAST/Ad[n]`: where the ad is in its response.
    public var location: String { "/VAST/Ad[\(position + 1)]" }
}
