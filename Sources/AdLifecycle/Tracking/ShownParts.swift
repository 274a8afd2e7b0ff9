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

    /// Every companion of `ad`'s InLine, creative by creative, with its slot-mates' tracking.
    static func all(in ad: ResolvedAd) -> [SessionCompanion] {
        let wrapperCompanions = ad.wrappers.flatMap { layer in
            layer.wrapper.creatives.flatMap { $0.companionAds?.companions ?? [] }.map {
                (companion: $0, hop: layer.hop)
            }
        }
        var companions: [SessionCompanion] = []
        for (creativeIndex, inLineCreative) in ad.inLine.creatives.enumerated() {
            for (companionIndex, companion) in (inLineCreative.companionAds?.companions ?? []).enumerated() {
                let layers =
                    wrapperCompanions.filter { sameSlot($0.companion, companion) }
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
        return companions
    }

    /// Whether a Wrapper companion's tracking belongs to `companion`: the same slot id, or the same size
    /// when either has no slot id.
    static func sameSlot(_ wrapper: VASTCompanion, _ companion: VASTCompanion) -> Bool {
        if let slot = wrapper.adSlotId, let other = companion.adSlotId { return slot == other }
        guard let width = wrapper.width, let height = wrapper.height else { return false }
        return width == companion.width && height == companion.height
    }
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

    /// Every icon of `linear` (a Linear of `ad`'s InLine), with its program-mates' tracking.
    static func all(of linear: VASTLinear, in ad: ResolvedAd) -> [SessionIcon] {
        let wrapperIcons = ad.wrappers.flatMap { layer in
            layer.wrapper.creatives.flatMap { $0.linear?.icons ?? [] }.map { (icon: $0, hop: layer.hop) }
        }
        return linear.icons.map { icon in
            let layers =
                wrapperIcons.filter { $0.icon.program != nil && $0.icon.program == icon.program }
                + [(icon: icon, hop: ad.hop)]
            return SessionIcon(
                icon: icon,
                views: layers.flatMap { layer in layer.icon.viewTracking.map { TrackedURL(url: $0, hop: layer.hop) } }
                    .filter { !TrackingPlan.isBlank($0.url) },
                clicks: layers.flatMap { layer in
                    (layer.icon.iconClicks?.clickTracking ?? []).map { TrackedURL(url: $0.url, hop: layer.hop) }
                }.filter { !TrackingPlan.isBlank($0.url) })
        }
    }
}
