/// Frequency and pacing limits of one placement. Every limit is optional; `nil` means no limit.
///
/// Counts are per placement: a pre-roll does not count towards the between-items cadence. Items are
/// clips in Clips and pages in Stories, counted from the start of the current presentation.
public struct PlacementCaps: Sendable, Hashable {
    /// The first ad of a presentation comes once at least this many items were viewed (N, 0 to 10,000).
    /// Not allowed on the opening pre-roll.
    public var firstAfterItems: Int?
    /// After an ad, the next one comes once at least this many more items were viewed (M, 1 to 10,000).
    /// Not allowed on the opening pre-roll.
    public var everyItems: Int?
    /// At most this many ads per session (K, 1 to 10,000).
    public var maxPerSession: Int?
    /// At least this many seconds between two ads of the placement (0 to 86,400: a day).
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
