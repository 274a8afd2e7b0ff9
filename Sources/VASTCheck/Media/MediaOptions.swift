import Creatives
import FoundationEssentials

/// `--media` and its bounds, shared by validate, inspect and report.
struct MediaOptions: Sendable {
    static let media = Option(
        "--media",
        help: "Also fetch and probe each <MediaFile> of the InLine (HTTP Range: its first 512 KiB, and its end when "
            + "its moov box is there): status, type, CORS, https, duration, size, bitrate, codec and fast start "
            + "against the VAST, as media.* findings.")
    static let maxBytes = Option(
        "--media-max-bytes", value: "N",
        help: "With --media: bytes read of one media file, head and tail, 65536 to 268435456 (default 4194304).")
    static let timeout = Option(
        "--media-timeout", value: "SECONDS", help: "With --media: time for one media file, 0.1 to 600 (default 10).")
    static let runBytes = Option(
        "--media-run-bytes", value: "N",
        help: "With --media: bytes read of all media files of the run, 65536 to 1099511627776; past it, files are "
            + "not checked (media.budget) (default 268435456).")
    static let runTimeout = Option(
        "--media-run-timeout", value: "SECONDS",
        help: "With --media: time for the media files of the whole run, 1 to 86400 (default 300).")
    /// The options, in the order `--help` lists them.
    static let options: [Option] = [media, maxBytes, timeout, runBytes, runTimeout]

    /// Per file.
    let limits: MediaCheckLimits
    /// Per run.
    let runBytes: Int
    let runTime: Duration

    /// The options given, or `nil` without `--media` (its bounds are then refused as meaningless).
    init?(_ arguments: Arguments) throws(UsageError) {
        let bounds = Self.options.dropFirst().map(\.name).filter { arguments.values[$0] != nil }
        guard arguments.flags.contains(Self.media.name) else {
            if let first = bounds.first { throw UsageError("\(first) needs --media") }
            return nil
        }
        var limits = MediaCheckLimits()
        if let bytes = try arguments.integer(Self.maxBytes.name, in: 65_536...(256 << 20)) {
            limits.maxBytesPerFile = bytes
            limits.headBytes = min(limits.headBytes, bytes)
        }
        if let seconds = try arguments.seconds(Self.timeout.name, in: 0.1...600) { limits.timePerFile = seconds }
        self.limits = limits
        runBytes = try arguments.integer(Self.runBytes.name, in: 65_536...(1 << 40)) ?? (256 << 20)
        runTime = try arguments.seconds(Self.runTimeout.name, in: 1...86_400) ?? .seconds(300)
    }
}

extension MediaOptions {
    /// `getad` and `simulate`: wait for the creative as the engine does with a cache in DIR.
    static let creatives = Option(
        "--creatives", value: "DIR",
        help: "Use a creative cache in DIR (made if missing; kept between runs): the chosen media file (or banner "
            + "image) is downloaded there and probed before the ad counts, as getAd does with a cache.")
}
