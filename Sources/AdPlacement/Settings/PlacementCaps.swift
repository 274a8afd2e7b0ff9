/// Frequency and pacing limits of one placement. Every limit is optional; `nil` means no limit.
///
/// Counts are per placement: a pre-roll does not count towards the between-items cadence. Items are
/// clips in Clips and pages in Stories, counted from the start of the current presentation.
public struct PlacementCaps: Sendable, Hashable {
    /// The first ad of a presentation comes once at least this many items were viewed (N, at least 0).
    /// Not allowed on the opening pre-roll.
    public var firstAfterItems: Int?
    /// After an ad, the next one comes once at least this many more items were viewed (M, at least 1).
    /// Not allowed on the opening pre-roll.
    public var everyItems: Int?
    /// At most this many ads per session (K, at least 1).
    public var maxPerSession: Int?
    /// At least this many seconds between two ads of the placement (at least 0).
    public var minimumIntervalSeconds: Double?

    /// Creates caps; none by default.
    public init(
        firstAfterItems: Int? = nil, everyItems: Int? = nil, maxPerSession: Int? = nil,
        minimumIntervalSeconds: Double? = nil
    ) {
        self.firstAfterItems = firstAfterItems
        self.everyItems = everyItems
        self.maxPerSession = maxPerSession
        self.minimumIntervalSeconds = minimumIntervalSeconds
    }
}
