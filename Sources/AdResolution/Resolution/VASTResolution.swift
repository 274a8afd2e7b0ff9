public import VAST

/// What resolving a tag produced: the playable ads with their merged tracking, every hop
/// of the chain, the ads that failed, the buffet ads left over, and the failure when there is no ad.
public struct VASTResolution: Sendable {
    /// Every response fetched (or read), in the order they were reached. After
    /// ``WrapperResolver/resolveNext(after:)``, the earlier resolution's hops come first, so every
    /// hop number in the ads indexes this list.
    public var hops: [VASTHop]
    /// The ads to play, in pod order (one for a stand-alone ad), each merged with its wrappers.
    /// Only ads with a usable creative whose chain resolved; failed ones are in ``failedAds``.
    public var ads: [ResolvedAd]
    /// Why there is no ad, when there is none: the first failure.
    public var failure: VASTResolutionFailure?
    /// The findings of every hop's document; their locations start with the hop (`hop 1: /VAST/...`).
    public var findings: [VASTFinding]
    /// The error pixels fired, with the code each carried, in firing order: failure by failure, each
    /// failure's outermost Wrapper first and the response it failed on last.
    public var errorBeacons: [(url: String, code: VASTErrorCode)]
    /// Every ad the responses offered for play that will not play, in the order they were tried
    /// (a pod ad replaced by a buffet ad is here too). Not empty means not everything in the response
    /// would play, even when ``ads`` is not empty.
    public var failedAds: [VASTFailedAd]
    /// The stand-alone ads not used, in the order of their responses and then of the document:
    /// resolve the next with ``WrapperResolver/resolveNext(after:)``.
    public var remaining: [VASTRemainingAd]

    /// Creates a resolution.
    public init(
        hops: [VASTHop], ads: [ResolvedAd], failure: VASTResolutionFailure? = nil, findings: [VASTFinding] = [],
        errorBeacons: [(url: String, code: VASTErrorCode)] = [], failedAds: [VASTFailedAd] = [],
        remaining: [VASTRemainingAd] = []
    ) {
        self.hops = hops
        self.ads = ads
        self.failure = failure
        self.findings = findings
        self.errorBeacons = errorBeacons
        self.failedAds = failedAds
        self.remaining = remaining
    }

    /// The IAB code of the failure, when there is no ad.
    public var errorCode: VASTErrorCode? { ads.isEmpty ? failure?.code : nil }
}
