/// The per-presentation part of the pacing memory: one open player's opt-in, items viewed and the ads
/// shown in it.
///
/// A pure value kept by ``PlacementState`` under the presentation's handle. Its inputs, always legal:
/// - ``itemViewed()`` counts a clip (Clips) or a page (Stories);
/// - ``reloaded()``: the player went back to its initial state. Items viewed and the cadence counters
///   start over (the feed starts again from its first item, so "first after N" counts from there); the
///   ads shown in it are kept, so the opening pre-roll does not show again: a reload is the same
///   presentation, not a new opening (see `docs/presentations.md`);
/// - ``configured(with:)``: the app changed the presentation's ad configuration; the new opt-in applies
///   from the next decision, and nothing else changes;
/// - ``adShown(_:)``: an ad was shown in this presentation.
public struct PresentationState: Sendable, Hashable {
    /// The product the presentation shows; `nil` for the default presentation, which serves both.
    public let kind: AdProduct?
    /// The collection (Clips collection, Stories category) it was opened with.
    public let collectionId: String?
    /// Its opt-in (`nil`: not opted in to the Clips pre-roll or bottom banner).
    public private(set) var configuration: ClipsAdConfiguration?
    /// Items viewed since it opened or was last reloaded.
    public private(set) var itemsViewed = 0
    private var counts: [Placement: Int] = [:]
    private var itemsViewedAtLastAd: [Placement: Int] = [:]

    /// Creates the state of a presentation that just opened.
    public init(kind: AdProduct?, collectionId: String? = nil, configuration: ClipsAdConfiguration?) {
        self.kind = kind
        self.collectionId = collectionId
        self.configuration = configuration
    }

    /// An item of this presentation was viewed.
    public mutating func itemViewed() {
        // Wrapping, not trapping: a player cannot show 2^63 items, and a count near the top must not crash.
        itemsViewed &+= 1
    }

    /// The player went back to its initial state: items and cadence start over; the pre-roll latch stays.
    public mutating func reloaded() {
        itemsViewed = 0
        itemsViewedAtLastAd = [:]
    }

    /// The app gave the presentation a new configuration; it applies from the next decision.
    public mutating func configured(with configuration: ClipsAdConfiguration?) {
        self.configuration = configuration
    }

    /// An ad of `placement` was shown in this presentation.
    public mutating func adShown(_ placement: Placement) {
        counts[placement, default: 0] &+= 1
        itemsViewedAtLastAd[placement] = itemsViewed
    }

    /// Ads of `placement` shown in this presentation.
    public func adsShown(_ placement: Placement) -> Int { counts[placement] ?? 0 }

    /// Items viewed since the last ad of `placement` in this presentation (since its open or reload), or
    /// `nil` when it has shown none since then.
    public func itemsViewedSinceLastAd(_ placement: Placement) -> Int? {
        itemsViewedAtLastAd[placement].map { itemsViewed &- $0 }
    }
}
