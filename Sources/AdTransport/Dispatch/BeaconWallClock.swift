import FoundationEssentials

/// The wall clock a ``BeaconDispatcher`` reads, in milliseconds since 1970.
///
/// Enqueue times, retry times and TTLs are stored, and must mean the same thing after a
/// restart, so a monotonic clock (which restarts with the process) will not do. Tests inject
/// a clock they move by hand to see expiry without waiting.
public struct BeaconWallClock: Sendable {
    /// Reads the time. Called on the dispatcher's thread; must not block.
    public let millisecondsSince1970: @Sendable () -> Int64

    /// Creates a clock from a function returning milliseconds since 1970.
    public init(_ millisecondsSince1970: @escaping @Sendable () -> Int64) {
        self.millisecondsSince1970 = millisecondsSince1970
    }

    /// The system's real-time clock.
    public static let system = BeaconWallClock { Int64((Date().timeIntervalSince1970 * 1000).rounded(.down)) }
}
