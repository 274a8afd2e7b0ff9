/// Reads what a media file really is (container, codecs, duration, dimensions, bitrate, fast start) with
/// FFmpeg's libavformat, treating the file as hostile input.
///
/// Guarantees, for any bytes at all: the probe returns or throws a ``MediaProbeError`` within its
/// ``MediaProbeLimits/timeBudget`` (plus the time of one buffer refill) after reading at most
/// ``MediaProbeLimits/maxBytes`` bytes; it opens no protocol and no file beyond the one it was given; only the
/// MP4-family (`mov`) and Matroska/WebM demuxers ever see the bytes; no decoder runs; libav prints nothing.
/// Each call is independent and may run on any thread, several at once; each blocks its calling thread for
/// as long as it reads, so call it away from Swift's cooperative pool when the budget is long.
public enum MediaProbe {
    /// Probes a complete file on disk.
    ///
    /// The probe opens the file itself (`O_NOFOLLOW`: a symbolic link as its last component is refused, and
    /// so is anything but a regular file) and hands its bytes to libavformat through a custom I/O context.
    /// - Parameters:
    ///   - path: the file.
    ///   - limits: the probe's byte and time bounds.
    /// - Returns: what the file holds, with ``MediaDescription/complete`` true.
    /// - Throws: ``MediaProbeError``: `unreadable` (also for a missing file or a link), `unsupportedContainer`,
    ///   `truncated`, `timedOut`, `tooLarge`, `noVideoStream`.
    public static func probe(fileAt path: String, limits: MediaProbeLimits = .default) throws(MediaProbeError)
        -> MediaDescription
    {
        let input = try ProbeInput(fileAt: path, limits: limits)
        return try ProbeRun(input: input, limits: limits, complete: true).describe()
    }

    /// Probes the first bytes of a file (what an HTTP `Range` request fetched), knowing the file's size.
    ///
    /// It reads as much as the prefix allows: a fast-start MP4's or a WebM's header usually sits in the first
    /// few hundred kilobytes, so the description is as full as a whole file's. An MP4 whose `moov` box lies
    /// beyond the prefix is described with ``MediaDescription/fastStart`` false and the fields it could not
    /// read nil.
    /// - Parameters:
    ///   - prefix: the file's first bytes.
    ///   - totalSize: the whole file's size (from `Content-Range`), nil when unknown; it makes the bitrate and
    ///     truncation checks possible. A size below the prefix's count is taken as the count.
    ///   - limits: the probe's byte and time bounds.
    /// - Returns: what the prefix shows, with ``MediaDescription/complete`` true only when the prefix is the
    ///   whole file.
    /// - Throws: ``MediaProbeError``, as ``probe(fileAt:limits:)``; `truncated` when the prefix ends inside
    ///   the container's header (fetch more bytes) or the file is smaller than its container says.
    public static func probe(prefix: [UInt8], totalSize: Int?, limits: MediaProbeLimits = .default)
        throws(MediaProbeError) -> MediaDescription
    {
        let input = ProbeInput(prefix: prefix, totalSize: totalSize, limits: limits)
        let complete = totalSize.map { prefix.count >= $0 } ?? false
        return try ProbeRun(input: input, limits: limits, complete: complete).describe()
    }
}
