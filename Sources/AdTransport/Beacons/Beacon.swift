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

/// Something that delivers beacons: the durable dispatcher (lifecycle issue) or, until then,
/// ``DirectBeaconSender``.
public protocol BeaconSink: Sendable {
    /// Takes beacons for delivery. Returns once they are accepted (for a durable sink: stored),
    /// not necessarily sent.
    func enqueue(_ beacons: [Beacon]) async
}

/// Sends each beacon once, right away, over an ``HTTPClient``, without persistence or retry.
///
/// A stand-in until the durable dispatcher exists: `enqueue` returns when every beacon has
/// been attempted, and ``results`` lists what happened to each, in completion order.
public actor DirectBeaconSender: BeaconSink {
    private let client: HTTPClient
    private let timeout: Duration
    /// What happened to each beacon: `nil` error when the server accepted it (any 2xx).
    public private(set) var results: [(beacon: Beacon, error: HTTPError?)] = []

    /// Creates a sender.
    public init(client: HTTPClient, timeout: Duration = .seconds(5)) {
        self.client = client
        self.timeout = timeout
    }

    public func enqueue(_ beacons: [Beacon]) async {
        await withTaskGroup(of: (Beacon, HTTPError?).self) { group in
            for beacon in beacons {
                group.addTask { [client, timeout] in
                    do throws(HTTPError) {
                        _ = try await client.fetch(HTTPRequest(url: beacon.url, maxBodyBytes: 64 << 10), timeout: timeout)
                        return (beacon, nil)
                    } catch {
                        return (beacon, error.kind == .noContent ? nil : error)
                    }
                }
            }
            for await outcome in group { results.append(outcome) }
        }
    }
}
