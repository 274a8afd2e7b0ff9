public import VAST

/// What a VAST document says about one media file: its `<MediaFile>` attributes and the Linear's
/// `<Duration>`, the values a probed file is compared with (VAST 4.3 §3.9.1 and §3.8.1).
public struct MediaExpectation: Sendable, Hashable {
    /// `type`: the MIME type of the file's container.
    public var type: String?
    /// `width` in pixels (0 for audio ads, and then not compared).
    public var width: Int?
    /// `height` in pixels (0 for audio ads, and then not compared).
    public var height: Int?
    /// `bitrate` in kbit/s: the average, for progressive delivery.
    public var bitrate: Int?
    /// `minBitrate` in kbit/s, for streaming delivery.
    public var minBitrate: Int?
    /// `maxBitrate` in kbit/s, for streaming delivery.
    public var maxBitrate: Int?
    /// `fileSize` in bytes (VAST 4.1 and later).
    public var fileSize: Int?
    /// `codec`: RFC 4281 / 6381 strings (`avc1.42E01E, mp4a.40.2`) or a codec's common name (`H.264`, `VP9`).
    public var codec: String?
    /// The Linear's `<Duration>`.
    public var duration: VASTTime?

    /// The expectation a `<MediaFile>` and its Linear's `<Duration>` make.
    /// - Parameters:
    ///   - mediaFile: the media file as parsed.
    ///   - adDuration: the Linear's `<Duration>`, nil when it has none.
    public init(mediaFile: VASTMediaFile, adDuration: VASTTime?) {
        type = mediaFile.type
        width = mediaFile.width
        height = mediaFile.height
        bitrate = mediaFile.bitrate
        minBitrate = mediaFile.minBitrate
        maxBitrate = mediaFile.maxBitrate
        fileSize = mediaFile.fileSize
        codec = mediaFile.codec
        duration = adDuration
    }
}
