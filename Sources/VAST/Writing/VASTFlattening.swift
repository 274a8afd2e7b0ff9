/// Resolved wrapper chains written as one document of InLine ads: every Impression, Error,
/// ViewableImpression, verification, extension, tracking event and click tracker of each chain's
/// Wrappers moved into its InLine, so that the chain can be replayed without the network (what
/// server-side ad insertion and QA need).
///
/// Per ad, in hop order (the outermost Wrapper's first, the InLine's own last), as
/// ``ResolvedAd`` merges them (VAST-FACTS section 4, VAST 4.3 section 2.3.5.2):
/// - Impression, Error, AdVerifications and Extensions are concatenated. ViewableImpression
///   groups become one group (the 4.x schema allows one), keeping the InLine's first `id`.
/// - Linear tracking, ClickTracking, CustomClick and Icons of the Wrappers go to the InLine's
///   first Linear creative; its ClickThrough is the InLine's, else the innermost Wrapper's.
/// - NonLinearAds tracking goes to the first NonLinearAds creative, NonLinearClickTracking to its
///   first NonLinear.
/// - A Wrapper's Companion with a resource, a width and a height is kept as a companion (players
///   show Wrapper companions beside the InLine's), before the InLine's, in the first CompanionAds
///   creative or, when the InLine has none, in a new one after its creatives (from 4.0 with the
///   Wrapper creative's UniversalAdId, or `unknown` as section 3.7.1 allows). The tracking of the
///   other Wrapper companions goes to the InLine's first companion, ahead of its own.
/// - What has nowhere to go (Linear tracking when the InLine has no Linear, and so on) is listed in
///   ``omitted`` rather than dropped silently. The Wrappers' VASTAdTagURI, BlockedAdCategories
///   (already applied: an InLine they block is no ad), AdSystem, Pricing, creative extensions and
///   media are not carried over.
///
/// Lists keep hop order, so the flattened ad, read back and merged on its own, has the chain's
/// merged lists; companion tracking is the one exception when displayable and tracking-only
/// Wrapper companions mix.
public struct VASTFlattening: Sendable, Hashable {
    /// A URL of the chain that the flattened InLine has no element for.
    public struct Omission: Sendable, Hashable {
        /// What it was, as ``ResolvedAd``'s lists name it: `linearTracking start`, `clickTracking`,
        /// `nonLinearClickTracking`, `companionTracking creativeView`, `iconViewTracking`, ...
        public var what: String
        /// The URL as written.
        public var url: String
        /// The hop it came from.
        public var hop: Int
        /// The position in ``VASTFlattening/document``'s ads of the ad it belongs to.
        public var ad: Int

        /// Creates an omission.
        public init(what: String, url: String, hop: Int, ad: Int) {
            self.what = what
            self.url = url
            self.hop = hop
            self.ad = ad
        }
    }

    /// One InLine ad per resolved ad, in the order given (pod order), under `version`.
    public var document: VASTDocument
    /// What the chains held that their InLines have no place for, in hop order per ad.
    public var omitted: [Omission]

    /// Flattens resolved ads.
    ///
    /// - Parameters:
    ///   - ads: the ads of a resolution, in play order (each with its Wrappers).
    ///   - version: the version to write them under; the InLine's own version keeps its elements
    ///     valid (a 4.x Wrapper's ViewableImpression in a 3.0 InLine is only a version finding).
    public init(ads: [ResolvedAd], version: VASTVersion) {
        var omitted: [Omission] = []
        var flattened: [VASTAd] = []
        for (index, resolved) in ads.enumerated() {
            var merger = ChainMerger(resolved: resolved, version: version, ad: index)
            let inLine = merger.inLine()
            omitted += merger.omitted
            flattened.append(
                VASTAd(
                    id: resolved.ad.id, sequence: resolved.ad.sequence, adType: resolved.ad.adType,
                    conditionalAd: resolved.ad.conditionalAd, content: .inLine(inLine)))
        }
        document = VASTDocument(version: version.rawValue, ads: flattened)
        self.omitted = omitted
    }
}
