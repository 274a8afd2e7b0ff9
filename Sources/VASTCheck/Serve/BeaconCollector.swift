import Synchronization

/// The built-in collector: where the live preview's beacons go unless `--send` was given. It records each
/// one (nothing leaves the machine) so the page shows it and `GET /api/collector` lists it.
final class BeaconCollector: Sendable {
    /// One collected request.
    struct Request: Sendable {
        let session: String
        let event: String
        let url: String
        let hop: Int
    }

    /// The most requests kept; older ones are dropped first.
    static let capacity = 10_000
    private let requests = Mutex<[Request]>([])

    /// Records `request`.
    func record(_ request: Request) {
        requests.withLock { requests in
            requests.append(request)
            if requests.count > Self.capacity { requests.removeFirst(requests.count - Self.capacity) }
        }
    }

    /// Every request recorded, oldest first; only `session`'s when given.
    func recorded(session: String? = nil) -> [Request] {
        requests.withLock { requests in session.map { id in requests.filter { $0.session == id } } ?? requests }
    }
}
