/// Sends each beacon once, right away, over an ``HTTPClient``, without persistence or retry.
///
/// For tools that fire a few pixels on request (`vastcheck --fire-errors`): `enqueue` returns when
/// every beacon has been attempted, and ``results`` lists what happened to each, in completion order.
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
                        _ = try await client.fetch(
                            HTTPRequest(url: beacon.url, maxBodyBytes: 64 << 10), timeout: timeout)
                        return (beacon, nil)
                    } catch {
                        return (beacon, error.code == .noContent ? nil : error)
                    }
                }
            }
            for await outcome in group { results.append(outcome) }
        }
    }
}
