public import VAST

/// Limits of a wrapper-chain resolution. Depth and timeouts follow what IMA does; the work bounds
/// keep one response from making the engine fetch or fire without end.
///
/// Every bound that is reached is reported as a finding with its rule id (`limits.ads-per-response`,
/// `limits.fetches`, `limits.error-pixels`, and the merge's `limits.urls-per-event`,
/// `limits.urls-per-ad`, `limits.progress-offsets`). Negative values count as 0.
public struct WrapperResolverConfiguration: Sendable, Hashable {
    /// Wrappers followed before 302 (default 5: a chain of five Wrappers and an InLine resolves).
    public var maxDepth: Int
    /// Timeout of the tag's own request (default 8 s).
    public var firstRequestTimeout: Duration
    /// Timeout of each later request (default 4 s).
    public var laterRequestTimeout: Duration
    /// The whole chain's time budget, on top of the per-request timeouts (default 15 s).
    public var chainBudget: Duration
    /// What each hop's parse accepts.
    public var parserLimits: VASTParser.Limits
    /// The `<Ad>` elements of one response that are considered, in document order (default 50: pods
    /// run to tens of ads, with a few buffet ads beside them); the rest are ignored with a
    /// `limits.ads-per-response` warning.
    public var maxAdsPerResponse: Int
    /// Fetches (and file reads) one resolution makes, on top of the time budget (default 100: a pod
    /// of 50 Wrapper ads each two hops deep). A hop past it is not fetched and fails with 302
    /// (`limits.fetches`).
    public var maxFetches: Int
    /// Error pixels one resolution fires (default 200: a failed six-layer chain with a few Error
    /// URIs per layer is under 20, so this covers many failed pod ads); the rest are counted in a
    /// `limits.error-pixels` warning and not fired.
    public var maxErrorPixels: Int
    /// How many tracking URLs each merged ad keeps (`ResolvedAd/Limits`).
    public var mergeLimits: ResolvedAd.Limits
    /// Follow `file:` VASTAdTagURIs (default false). Even then, only a document read from a local
    /// file (``WrapperResolver/resolve(document:source:baseURL:)`` with a `file:` base, or a `file:`
    /// tag URL) may lead to a file: a document fetched over the network never makes the resolver
    /// read one. Turn it on only for files the user gave (the CLI does, for file sources).
    public var allowsFileURLs: Bool
    /// Keep the merged ad of a failed ad that reached an InLine in ``VASTFailedAd/resolved``, so tools
    /// can show it (default false: an engine drops it).
    public var keepsFailedAds: Bool

    /// Creates a configuration.
    public init(
        maxDepth: Int = 5, firstRequestTimeout: Duration = .seconds(8), laterRequestTimeout: Duration = .seconds(4),
        chainBudget: Duration = .seconds(15), parserLimits: VASTParser.Limits = .default,
        maxAdsPerResponse: Int = 50, maxFetches: Int = 100, maxErrorPixels: Int = 200,
        mergeLimits: ResolvedAd.Limits = .default, allowsFileURLs: Bool = false, keepsFailedAds: Bool = false
    ) {
        self.maxDepth = maxDepth
        self.firstRequestTimeout = firstRequestTimeout
        self.laterRequestTimeout = laterRequestTimeout
        self.chainBudget = chainBudget
        self.parserLimits = parserLimits
        self.maxAdsPerResponse = maxAdsPerResponse
        self.maxFetches = maxFetches
        self.maxErrorPixels = maxErrorPixels
        self.mergeLimits = mergeLimits
        self.allowsFileURLs = allowsFileURLs
        self.keepsFailedAds = keepsFailedAds
    }
}
