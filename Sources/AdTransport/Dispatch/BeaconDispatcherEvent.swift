/// Something that happened to a ``BeaconDispatcher``'s store rather than to one beacon, as
/// reported on ``BeaconDispatcher/events``.
///
/// Switch over it with a `default:` case: kinds may be added.
public enum BeaconDispatcherEvent: Sendable, Hashable, CustomStringConvertible {
    /// The store was damaged when the dispatcher opened it and was moved aside (reported first,
    /// once, also in ``BeaconDispatcher/recovery``): what it held is lost.
    case storeRecovered(BeaconStoreRecovery)
    /// A write no caller was waiting for failed (marking a send, recording an outcome, expiring
    /// beacons; ``BeaconDispatcher/lastStoreError`` holds the latest). The dispatcher retries
    /// after a second; a beacon whose outcome could not be recorded is sent again after a
    /// restart. Failed enqueues throw instead.
    case storeFailed(BeaconStoreError)

    public var description: String {
        switch self {
        case .storeRecovered(let recovery): "store recovered: \(recovery)"
        case .storeFailed(let error): "store failed: \(error)"
        }
    }
}
