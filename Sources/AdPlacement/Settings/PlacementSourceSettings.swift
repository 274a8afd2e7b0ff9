/// One ad source of a placement, as data: the mediation turns it into requests.
///
/// Tiers are tried in ascending order (tier 0 first); sources of the same tier compete (by ``price``
/// when they have one). A plain value; this module never fetches anything.
public struct PlacementSourceSettings: Sendable, Hashable, Codable {
    /// How a source gets its VAST.
    public enum Kind: Sendable, Hashable {
        /// A VAST tag URL (http or https), with IAB macros such as `[CACHEBUSTING]` left to expand.
        case tag(urlTemplate: String)
        /// A VAST document given inline, for tests and demos.
        case document(String)
    }

    /// The source's name, unique within its placement, for reports.
    public var name: String
    /// The priority tier, 0 first (0 to 100).
    public var tier: Int
    /// Where the VAST comes from.
    public var kind: Kind
    /// The time the source gets for its whole answer (wrappers included), in milliseconds: 1 to 30,000.
    public var timeoutMilliseconds: Int
    /// The lowest price (CPM) the source may win with, when it bids (0 to 1,000,000).
    public var floor: Double?
    /// The source's fixed price (CPM), used to rank it against bids.
    public var price: Double?

    /// Creates a source.
    public init(
        name: String, tier: Int = 0, kind: Kind, timeoutMilliseconds: Int, floor: Double? = nil,
        price: Double? = nil
    ) {
        self.name = name
        self.tier = tier
        self.kind = kind
        self.timeoutMilliseconds = timeoutMilliseconds
        self.floor = floor
        self.price = price
    }
}
