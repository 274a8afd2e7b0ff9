public import VAST

/// A stand-alone ad of a response that the resolution did not use: the rest of the ad buffet
/// (IAB 4.3 section 3.3.1), which a player may play after the first choice, or instead of it when it
/// failed. ``WrapperResolver/resolveNext(after:)`` resolves the first one.
public struct VASTRemainingAd: Sendable {
    /// The `<Ad>` as its response holds it.
    public var ad: VASTAd
    /// The hop of the response that holds it.
    public var hop: Int
    /// Its index among that response's `<Ad>` elements.
    public var position: Int
    /// The Wrappers that led to its response, their hops and the URLs already requested.
    let path: ResolutionPath
}
