/// Bounds for one probe: how many bytes it may read and how long it may take.
///
/// A hostile file is bounded input: whatever its boxes or elements declare, a probe reads at most
/// ``maxBytes`` bytes and gives up at ``timeBudget``, with ``MediaProbeError`` `tooLarge` or `timedOut`.
public struct MediaProbeLimits: Sendable, Hashable {
    /// The most bytes the probe may read from the file or prefix (at least 1; default 16 MiB). A file may be
    /// larger: a probe reads the container's header and index, not the media data.
    public var maxBytes: Int
    /// The wall-clock budget (default 2 s), checked before every read libavformat asks for and by its
    /// interrupt callback.
    public var timeBudget: Duration

    /// Creates limits; a `maxBytes` below 1 becomes 1, a negative budget zero.
    public init(maxBytes: Int = 16 << 20, timeBudget: Duration = .seconds(2)) {
        self.maxBytes = max(1, maxBytes)
        self.timeBudget = max(.zero, timeBudget)
    }

    /// 16 MiB and 2 s.
    public static let `default` = MediaProbeLimits()
}
