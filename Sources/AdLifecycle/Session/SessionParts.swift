public import Foundation
public import VAST

/// A companion the host may show beside (or instead of) the ad, with the tracking that counts only when
/// this companion is the one shown.
///
/// Its tracking is its own (`creativeView`, CompanionClickTracking) plus that of every Wrapper companion
/// written for the same slot: the same `adSlotId`, or, when either has none, the same width and height.
/// VAST 4.3 section 3.13 ties companion tracking to the companion displayed; the tracking of companions
/// not shown is never sent.
public struct SessionCompanion: Sendable, Hashable {
    /// Its creative's index in `ResolvedAd.inLine.creatives`.
    public var creativeIndex: Int
    /// Its index among that creative's companions.
    public var companionIndex: Int
    /// The companion as the InLine holds it (size, resources, click-through).
    public var companion: VASTCompanion
    /// `creativeView` URLs, in chain order.
    public var views: [TrackedURL]
    /// CompanionClickTracking URLs, in chain order.
    public var clicks: [TrackedURL]
}

/// An industry icon of the linear creative, with its own view and click tracking (VAST 4.3 section 3.11).
///
/// Wrapper icons of the same `program` add their trackers to it.
public struct SessionIcon: Sendable, Hashable {
    /// The icon as the InLine holds it.
    public var icon: VASTIcon
    /// IconViewTracking URLs, in chain order.
    public var views: [TrackedURL]
    /// IconClickTracking URLs, in chain order.
    public var clicks: [TrackedURL]
}

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
    var companions: [SessionCompanion] = []
    var icons: [SessionIcon] = []
    var verifications: [SessionVerification] = []
    var nonLinear: SessionNonLinear?

    init(ad: ResolvedAd, creative: SessionCreative) {
        let wrapperCompanions = ad.wrappers.flatMap { layer in
            layer.wrapper.creatives.flatMap { $0.companionAds?.companions ?? [] }.map {
                (companion: $0, hop: layer.hop)
            }
        }
        for (creativeIndex, inLineCreative) in ad.inLine.creatives.enumerated() {
            for (companionIndex, companion) in (inLineCreative.companionAds?.companions ?? []).enumerated() {
                let layers =
                    wrapperCompanions.filter { Self.sameSlot($0.companion, companion) }
                    + [(companion: companion, hop: ad.hop)]
                companions.append(
                    SessionCompanion(
                        creativeIndex: creativeIndex, companionIndex: companionIndex, companion: companion,
                        views: layers.flatMap { layer in
                            layer.companion.trackingEvents.filter { $0.event == .creativeView }
                                .map { TrackedURL(url: $0.url, hop: layer.hop) }
                        }.filter { !TrackingPlan.isBlank($0.url) },
                        clicks: layers.flatMap { layer in
                            layer.companion.clickTracking.map { TrackedURL(url: $0.url, hop: layer.hop) }
                        }.filter { !TrackingPlan.isBlank($0.url) }))
            }
        }
        let creatives = ad.inLine.creatives
        if case .linear(let index, _) = creative, creatives.indices.contains(index),
            let linear = creatives[index].linear
        {
            let wrapperIcons = ad.wrappers.flatMap { layer in
                layer.wrapper.creatives.flatMap { $0.linear?.icons ?? [] }.map { (icon: $0, hop: layer.hop) }
            }
            icons = linear.icons.map { icon in
                let layers =
                    wrapperIcons.filter { $0.icon.program != nil && $0.icon.program == icon.program }
                    + [(icon: icon, hop: ad.hop)]
                return SessionIcon(
                    icon: icon,
                    views: layers.flatMap { layer in layer.icon.viewTracking.map { TrackedURL(url: $0, hop: layer.hop) }
                    }
                    .filter { !TrackingPlan.isBlank($0.url) },
                    clicks: layers.flatMap { layer in
                        (layer.icon.iconClicks?.clickTracking ?? []).map { TrackedURL(url: $0.url, hop: layer.hop) }
                    }.filter { !TrackingPlan.isBlank($0.url) })
            }
        }
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

    /// Whether a Wrapper companion's tracking belongs to `companion`: the same slot id, or the same size
    /// when either has no slot id.
    static func sameSlot(_ wrapper: VASTCompanion, _ companion: VASTCompanion) -> Bool {
        if let slot = wrapper.adSlotId, let other = companion.adSlotId { return slot == other }
        guard let width = wrapper.width, let height = wrapper.height else { return false }
        return width == companion.width && height == companion.height
    }

    /// The index in ``companions`` of companion `element` of creative `creative`.
    func companionIndex(creative: Int, element: Int) -> Int? {
        companions.firstIndex { $0.creativeIndex == creative && $0.companionIndex == element }
    }
}
