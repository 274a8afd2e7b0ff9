/// What finally happened to one beacon, as reported on ``BeaconDispatcher/results``.
///
/// Every beacon the dispatcher accepted gets exactly one outcome (a beacon enqueued again
/// while its key is stored is ignored and gets none). Outcomes are reported after they are
/// recorded in the store.
public struct BeaconOutcome: Sendable, Hashable, CustomStringConvertible {
    /// The final states.
    public enum Kind: String, Sendable, Hashable {
        /// A 2xx (204 included) answered.
        case delivered
        /// Not retried: a 4xx other than 408 and 429 (``BeaconOutcome/status`` says which), a
        /// redirect that was not followed, or a URL curl cannot use.
        case dropped
        /// The TTL passed before a send succeeded; ``BeaconOutcome/status`` and
        /// ``BeaconOutcome/error`` tell the last failure.
        case expired
        /// Never stored: the queue was full, or the store failed (``BeaconOutcome/error`` says).
        case rejected
    }

    /// The final state.
    public var kind: Kind
    /// The beacon.
    public var beacon: Beacon
    /// Sends started for it, across restarts.
    public var attempts: Int
    /// The last HTTP status the server answered, if any.
    public var status: Int?
    /// The last failure, for a person (`nil` when delivered).
    public var error: String?

    /// Creates an outcome.
    public init(_ kind: Kind, beacon: Beacon, attempts: Int, status: Int? = nil, error: String? = nil) {
        self.kind = kind
        self.beacon = beacon
        self.attempts = attempts
        self.status = status
        self.error = error
    }

    public var description: String {
        var text = "\(kind.rawValue) \(beacon.event) \(beacon.url) after \(attempts) attempt(s)"
        if let status { text += ", status \(status)" }
        if let error { text += ": \(error)" }
        return text
    }
}
