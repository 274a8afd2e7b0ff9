public import MediaProbe

/// When an ad counts as ready: its media file (or its banner's image) downloaded into the creative
/// cache, and, unless told otherwise, probed and compared with what its `<MediaFile>` says.
///
/// The defaults follow IMA's media preloading: 8 s for the file, then the ad is given up (402) and
/// the next rendition, ad or source is tried.
public struct CreativeReadiness: Sendable, Hashable {
    /// Whether the ad waits for its creative at all; `false` returns ads as an engine without a
    /// cache does (the media file's URL, untried).
    public var waits: Bool
    /// The most one candidate's creative may take (download and probe), from when its source
    /// filled; always within the request's own overall deadline (default 8 s).
    public var timeBudget: Duration
    /// Whether a downloaded media file is probed (container, codecs, duration, size) and compared
    /// with its `<MediaFile>` (default `true`); banner images are checked by their first bytes either way.
    public var verifiesMedia: Bool
    /// The differences from the `<MediaFile>` that refuse a file (default: its container is not the
    /// declared type, or it lasts other than `<Duration>`: a 40 s file sold as 15 s overruns the
    /// slot). The others are kept in ``ReadyCreative/mismatches``.
    public var refusedMismatches: Set<MediaMismatch.Kind>
    /// How far a file may be from its `<MediaFile>` before it differs.
    public var tolerance: MediaTolerance
    /// The probe's bounds per file.
    public var probeLimits: MediaProbeLimits

    /// Creates a policy.
    public init(
        waits: Bool = true, timeBudget: Duration = .seconds(8), verifiesMedia: Bool = true,
        refusedMismatches: Set<MediaMismatch.Kind> = [.typeMismatch, .durationMismatch],
        tolerance: MediaTolerance = .default, probeLimits: MediaProbeLimits = .default
    ) {
        self.waits = waits
        self.timeBudget = timeBudget
        self.verifiesMedia = verifiesMedia
        self.refusedMismatches = refusedMismatches
        self.tolerance = tolerance
        self.probeLimits = probeLimits
    }

    /// Waits for a verified creative, 8 s at most.
    public static let `default` = CreativeReadiness()
    /// Does not wait: the ad is returned with its media file's URL, as without a cache.
    public static let notWaited = CreativeReadiness(waits: false)

    /// The first field out of range, named, or `nil`.
    public var problem: String? {
        timeBudget <= .zero ? "timeBudget must be above zero" : nil
    }
}
