/// How far a probed file may be from what the VAST says before it is a ``MediaMismatch``.
///
/// The defaults and why (docs/media.md has the details): a `<Duration>` is rounded by ad servers and a
/// file's container duration includes encoder padding, so duration allows the larger of 1 s and 5 %; width
/// and height are the file's native size (VAST 4.3 §3.9.1), so they are exact; `bitrate` is an average an
/// encoder only aims at, so it allows 25 %; `fileSize` is exact bytes in principle but often written from a
/// rounded figure, so it allows 5 %.
public struct MediaTolerance: Sendable, Hashable {
    /// The duration difference always allowed, in seconds.
    public var durationSeconds: Double
    /// The duration difference allowed as a fraction of `<Duration>`; the larger of the two applies.
    public var durationFraction: Double
    /// Pixels width and height may each differ by.
    public var dimensionPixels: Int
    /// The bitrate difference allowed as a fraction of `bitrate` (below `minBitrate`, above `maxBitrate`).
    public var bitrateFraction: Double
    /// The size difference allowed as a fraction of `fileSize`.
    public var sizeFraction: Double

    /// Creates a tolerance; negative values become zero.
    public init(
        durationSeconds: Double = 1, durationFraction: Double = 0.05, dimensionPixels: Int = 0,
        bitrateFraction: Double = 0.25, sizeFraction: Double = 0.05
    ) {
        self.durationSeconds = max(0, durationSeconds)
        self.durationFraction = max(0, durationFraction)
        self.dimensionPixels = max(0, dimensionPixels)
        self.bitrateFraction = max(0, bitrateFraction)
        self.sizeFraction = max(0, sizeFraction)
    }

    /// Duration: max(1 s, 5 %); dimensions exact; bitrate 25 %; size 5 %.
    public static let `default` = MediaTolerance()
}
