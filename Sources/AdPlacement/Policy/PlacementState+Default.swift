public import FoundationEssentials

/// The single-presentation inputs: each acts on ``PresentationHandle/default``, which is always open.
extension PlacementState {
    /// Items viewed in the default presentation.
    public var itemsViewed: Int { defaultPresentation.itemsViewed }

    /// An item of the default presentation was viewed.
    public mutating func itemViewed() {
        // The default presentation is always open, so this cannot throw.
        try? itemViewed(in: .default)
    }

    /// An ad of `placement` was shown at `time` in the default presentation.
    public mutating func adShown(placement: Placement, at time: Date) {
        adShown(placement: placement, in: .default, at: time)
    }

    /// Ads of `placement` shown in the default presentation.
    public func adsShownThisPresentation(_ placement: Placement) -> Int { defaultPresentation.adsShown(placement) }

    /// Items viewed since the last ad of `placement` in the default presentation, or `nil` when it has
    /// shown none there.
    public func itemsViewedSinceLastAd(_ placement: Placement) -> Int? {
        defaultPresentation.itemsViewedSinceLastAd(placement)
    }

    var defaultPresentation: PresentationState {
        presentation(.default) ?? PresentationState(kind: nil, configuration: nil)
    }
}
