/// A Companion banner of a merged chain with the hop it came from.
///
/// VAST 2 and 3 Wrappers (and 4.x ones, IAB 4.3 section 3.6) may carry Companions with their own
/// resources; players show them beside the InLine's (VAST-FACTS section 4).
public struct TrackedCompanion: Sendable, Hashable {
    /// The Companion as written (resources, size, click-through, tracking).
    public var companion: VASTCompanion
    /// The `required` attribute of its `<CompanionAds>` (`all`, `any`, `none`), when written.
    public var required: String?
    /// The index of its `<Creative>` among the creatives of the hop's Ad.
    public var creativeIndex: Int
    /// The hop it came from.
    public var hop: Int

    /// Creates a tracked companion.
    public init(companion: VASTCompanion, required: String? = nil, creativeIndex: Int, hop: Int) {
        self.companion = companion
        self.required = required
        self.creativeIndex = creativeIndex
        self.hop = hop
    }
}
