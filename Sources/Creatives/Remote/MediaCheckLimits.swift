public import MediaProbe

/// The bounds of one ``MediaCheck`` of one media file, and what it compares with.
public struct MediaCheckLimits: Sendable, Hashable {
    /// The first bytes read (default 512 KiB): a fast-start MP4's or a WebM's header is in them.
    public var headBytes: Int
    /// The most bytes read of one file, head and tail together (default 4 MiB): a file with its
    /// `moov` at the end has its last `maxBytesPerFile - headBytes` read.
    public var maxBytesPerFile: Int
    /// The most time one file may take, requests and probe together (default 10 s).
    public var timePerFile: Duration
    /// The probe's own bounds.
    public var probe: MediaProbeLimits
    /// How far the file may be from its `<MediaFile>`.
    public var tolerance: MediaTolerance
    /// The `Origin` the requests send, as a web player's page would; an
    /// `Access-Control-Allow-Origin` of `*` or of this value passes the CORS check.
    public var origin: String

    /// Creates limits.
    public init(
        headBytes: Int = 512 << 10, maxBytesPerFile: Int = 4 << 20, timePerFile: Duration = .seconds(10),
        probe: MediaProbeLimits = .default, tolerance: MediaTolerance = .default,
        origin: String = "https://player.vastcheck.invalid"
    ) {
        self.headBytes = max(headBytes, 1)
        self.maxBytesPerFile = max(maxBytesPerFile, self.headBytes)
        self.timePerFile = timePerFile
        self.probe = probe
        self.tolerance = tolerance
        self.origin = origin
    }
}
