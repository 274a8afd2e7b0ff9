public import AdPlacement
public import Creatives

/// The creative cache of an engine and, per placement, whether `getAd` waits for a playable creative.
///
/// With settings, a source that fills counts as filled only once its ad's creative is ready (see
/// `CreativeReadiness`): the chosen media file (or the banner's image) downloaded into the cache and
/// verified; a rendition that fails gives way to the next one, an ad whose renditions all fail to the
/// next ad of the response, a source whose ads all fail to the next source or tier, each failure with
/// its IAB code sent to the ad's Error URLs and named in the mediation report. The returned `Ad`
/// carries the local files in ``Ad/readyCreative``. Without settings (`nil`, the default), `getAd`
/// returns ads exactly as before: the media file's URL, untried.
public struct CreativeSettings: Sendable, Hashable {
    /// The cache's folder and limits.
    public var cache: CreativeCacheConfiguration
    /// The policy of every placement not in ``placements`` (default: wait up to 8 s for a verified file).
    public var readiness: CreativeReadiness
    /// Policies for particular placements (`CreativeReadiness.notWaited` for one that must not wait).
    public var placements: [Placement: CreativeReadiness]

    /// Creates settings.
    public init(
        cache: CreativeCacheConfiguration, readiness: CreativeReadiness = .default,
        placements: [Placement: CreativeReadiness] = [:]
    ) {
        self.cache = cache
        self.readiness = readiness
        self.placements = placements
    }

    /// The policy for `placement`.
    public func readiness(for placement: Placement) -> CreativeReadiness {
        placements[placement] ?? readiness
    }

    /// Every problem, each naming its field (under `creatives.`).
    func problems() -> [(field: String, message: String)] {
        var problems: [(String, String)] = []
        if let problem = cache.problem { problems.append(("creatives.cache", problem)) }
        if let problem = readiness.problem { problems.append(("creatives.readiness", problem)) }
        for (placement, policy) in placements.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            if let problem = policy.problem { problems.append(("creatives.placements.\(placement.rawValue)", problem)) }
        }
        return problems
    }
}
