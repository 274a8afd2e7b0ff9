/// What the media library found in a file: its container, streams, duration, size and whether it starts
/// fast. Every optional field is nil when the probe could not read it.
public struct MediaDescription: Sendable, Hashable, Codable {
    /// The container: `mp4`, `mov` or `3gp` (the MP4 family, by the `ftyp` box's major brand), `webm` or
    /// `matroska` (by the EBML header's DocType).
    public var container: String
    /// The MIME type this container and its streams play as (`video/mp4`, `audio/mp4`, `video/webm`,
    /// `video/quicktime`, ...), nil when the probe could not tell.
    public var mimeType: String?
    /// The duration in seconds, as the container declares it.
    public var durationSeconds: Double?
    /// The first video stream's width in pixels.
    public var width: Int?
    /// The first video stream's height in pixels.
    public var height: Int?
    /// The overall bitrate in kbit/s: the file's size over its duration when both are known, else the sum of
    /// the streams' bitrates.
    public var bitrateKbps: Int?
    /// The first video stream's codec, as libavcodec names it (`h264`, `hevc`, `vp9`, `av1`, ...).
    public var videoCodec: String?
    /// The first audio stream's codec, as libavcodec names it (`aac`, `opus`, `vorbis`, `mp3`, ...).
    public var audioCodec: String?
    /// The RFC 6381 `codecs` parameter, video first (`avc1.64001F, mp4a.40.2`; `vp9, opus` in WebM), when it
    /// can be derived from the container's codec configuration.
    public var codecsParameter: String?
    /// MP4 family: true when the `moov` box comes before the `mdat` box (the file can start playing before
    /// it is all downloaded); false when `mdat` comes first or `moov` lies beyond a prefix; nil for other
    /// containers.
    public var fastStart: Bool?
    /// The whole file's size in bytes, when known (a file's size, or the total a `Range` response gave).
    public var fileSize: Int?
    /// The bytes of the file the probe read (each byte once, however often it was read).
    public var byteCount: Int
    /// True when the probe had the whole file; false for a prefix (the first bytes of a `Range` request).
    public var complete: Bool

    /// Creates a description (the probe makes them; tests and callers may too).
    public init(
        container: String, mimeType: String? = nil, durationSeconds: Double? = nil, width: Int? = nil,
        height: Int? = nil, bitrateKbps: Int? = nil, videoCodec: String? = nil, audioCodec: String? = nil,
        codecsParameter: String? = nil, fastStart: Bool? = nil, fileSize: Int? = nil, byteCount: Int = 0,
        complete: Bool = true
    ) {
        self.container = container
        self.mimeType = mimeType
        self.durationSeconds = durationSeconds
        self.width = width
        self.height = height
        self.bitrateKbps = bitrateKbps
        self.videoCodec = videoCodec
        self.audioCodec = audioCodec
        self.codecsParameter = codecsParameter
        self.fastStart = fastStart
        self.fileSize = fileSize
        self.byteCount = byteCount
        self.complete = complete
    }
}
