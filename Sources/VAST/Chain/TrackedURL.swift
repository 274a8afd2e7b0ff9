/// A URL and the hop of the chain it came from.
public struct TrackedURL: Sendable, Hashable {
    /// The URL as written (macros unexpanded).
    public var url: String
    /// The hop it came from (0 = the tag's own response).
    public var hop: Int

    /// Creates a tracked URL.
    public init(url: String, hop: Int) {
        self.url = url
        self.hop = hop
    }
}

/// A tracking event and the hop it came from.
public struct TrackedEvent: Sendable, Hashable {
    /// The event.
    public var event: VASTTrackingEventName
    /// Its offset, for progress events.
    public var offset: VASTTimeOffset?
    /// The URL as written.
    public var url: String
    /// The hop it came from.
    public var hop: Int

    /// Creates a tracked event.
    public init(event: VASTTrackingEventName, offset: VASTTimeOffset? = nil, url: String, hop: Int) {
        self.event = event
        self.offset = offset
        self.url = url
        self.hop = hop
    }
}
