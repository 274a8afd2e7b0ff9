/// One tracking pixel to send: a URL (macros already expanded) and what it is for.
///
/// Beacons cross module boundaries as values: the lifecycle and the wrapper resolver make
/// them, a ``BeaconSink`` delivers them.
public struct Beacon: Sendable, Hashable {
    /// The URL to GET, macros expanded.
    public var url: String
    /// The event, as VAST spells it (`impression`, `start`, `error`, ...).
    public var event: String
    /// The ad instance the beacon belongs to (with event and URL, the idempotency key).
    public var adInstance: String
    /// Where the URL came from in a wrapper chain (0 = the first response), when known.
    public var hop: Int?

    /// Creates a beacon.
    public init(url: String, event: String, adInstance: String, hop: Int? = nil) {
        self.url = url
        self.event = event
        self.adInstance = adInstance
        self.hop = hop
    }
}
