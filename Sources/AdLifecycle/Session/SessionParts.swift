public import FoundationEssentials
public import VAST

/// A verification script the host should load in a verification session (VAST 4.3 section 3.17).
///
/// When the host cannot run it, it reports ``SessionInput/verificationNotExecuted(index:reason:)`` and
/// the session fires this verification's verificationNotExecuted URLs with `[REASON]`, once.
public struct SessionVerification: Sendable, Hashable {
    /// The `<Verification>` as its document holds it (vendor, resources, parameters).
    public var verification: VASTVerification
    /// The hop it came from.
    public var hop: Int
    /// Its verificationNotExecuted URLs.
    public var notExecuted: [TrackedURL]
}

/// The NonLinear an overlay session shows, with the chain's NonLinear tracking.
public struct SessionNonLinear: Sendable, Hashable {
    /// The NonLinear as the InLine holds it (size, resources, minimum suggested duration).
    public var nonLinear: VASTNonLinear
    /// `<NonLinearAds>` tracking of the InLine's creative and of every Wrapper, in chain order.
    public var tracking: [TrackedEvent]
    /// NonLinearClickTracking of this NonLinear and of the Wrappers' NonLinears, in chain order.
    public var clicks: [TrackedURL]
    /// How long the overlay should stay at least, in seconds (`minSuggestedDuration`), when given.
    public var minSuggestedDuration: TimeInterval? { nonLinear.minSuggestedDuration?.seconds }
}

/// The shown parts of one ad, taken from the InLine and its Wrappers directly.
struct SessionParts: Sendable {
    var verifications: [SessionVerification] = []
    var nonLinear: SessionNonLinear?

    init(ad: ResolvedAd, creative: SessionCreative) {
        let creatives = ad.inLine.creatives
        if case .nonLinear(let index, let element) = creative, creatives.indices.contains(index),
            let ads = creatives[index].nonLinearAds, ads.nonLinears.indices.contains(element)
        {
            let wrapperAds =
                ad.wrappers.flatMap { layer in
                    layer.wrapper.creatives.compactMap(\.nonLinearAds).map { (ads: $0, hop: layer.hop) }
                } + [(ads: ads, hop: ad.hop)]
            nonLinear = SessionNonLinear(
                nonLinear: ads.nonLinears[element],
                tracking: wrapperAds.flatMap { layer in
                    layer.ads.trackingEvents.map {
                        TrackedEvent(event: $0.event, offset: $0.offset, url: $0.url, hop: layer.hop)
                    }
                }.filter { !TrackingPlan.isBlank($0.url) },
                clicks: (wrapperAds.dropLast().flatMap { layer in
                    layer.ads.nonLinears.flatMap(\.clickTracking).map { TrackedURL(url: $0.url, hop: layer.hop) }
                } + ads.nonLinears[element].clickTracking.map { TrackedURL(url: $0.url, hop: ad.hop) })
                .filter { !TrackingPlan.isBlank($0.url) })
        }
        verifications = ad.verifications.map { entry in
            SessionVerification(
                verification: entry.verification, hop: entry.hop,
                notExecuted: entry.verification.trackingEvents.filter { $0.event == .verificationNotExecuted }
                    .map { TrackedURL(url: $0.url, hop: entry.hop) }.filter { !TrackingPlan.isBlank($0.url) })
        }
    }
}
