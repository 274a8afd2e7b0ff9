/// One placement's remote settings.
public struct PlacementSettings: Sendable, Hashable {
    /// Whether the tenant shows ads in this placement at all.
    public var enabled: Bool
    /// Where ads come from, as data for the mediation; at least one when ``enabled``.
    public var sources: [PlacementSourceSettings]
    /// Frequency and pacing.
    public var caps: PlacementCaps

    /// Creates a placement's settings.
    public init(enabled: Bool, sources: [PlacementSourceSettings] = [], caps: PlacementCaps = PlacementCaps()) {
        self.enabled = enabled
        self.sources = sources
        self.caps = caps
    }
}
