/// One tracking URL to fire, decided by a lifecycle: a value that crosses to the beacon dispatcher.
///
/// The lifecycle never calls the network. Its owner hands each request to a sink; AdEngine maps it to
/// AdTransport's beacon record, which is idempotent per (ad instance, event, URL): hence ``offset`` is
/// folded into ``dedupeEvent`` so two progress offsets sharing a URL stay distinct.
public struct BeaconRequest: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The event as VAST spells it: `impression`, `start`, `firstQuartile`, `progress`, `clickTracking`,
    /// `error`, `iconViewTracking`, `companionClickTracking`, or a `<Tracking>` event name as written.
    public var event: String
    /// The `offset` of a `progress` event in canonical form (`00:00:05.250`, `75%`); `nil` otherwise.
    public var offset: String?
    /// The URL with its macros expanded, once, with the context of the input that fired it.
    public var url: String
    /// The hop of the wrapper chain the URL came from (0 = the tag's own response).
    public var hop: Int
    /// The ad instance (one play of one ad) the beacon belongs to.
    public var adInstanceID: String

    /// Creates a request.
    public init(event: String, offset: String? = nil, url: String, hop: Int, adInstanceID: String) {
        self.event = event
        self.offset = offset
        self.url = url
        self.hop = hop
        self.adInstanceID = adInstanceID
    }

    /// The event with its offset (`progress@75%`), for an idempotency key.
    public var dedupeEvent: String { offset.map { "\(event)@\($0)" } ?? event }

    public var description: String { "\(dedupeEvent) hop \(hop) \(url)" }
}
