/// One way a probed file differs from what its `<MediaFile>` says, beyond the tolerance.
public struct MediaMismatch: Sendable, Hashable, Codable {
    /// Which property differs.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// The file's container is not the declared `type`.
        case typeMismatch
        /// The file's width or height is not the declared one.
        case dimensionsMismatch
        /// The file's duration is not the Linear's `<Duration>`.
        case durationMismatch
        /// The file's average bitrate is not the declared `bitrate` (or outside `minBitrate`...`maxBitrate`).
        case bitrateMismatch
        /// The file's size is not the declared `fileSize`.
        case sizeMismatch
        /// A codec the `codec` attribute names is not in the file.
        case codecMismatch
        /// An MP4 whose `moov` box comes after `mdat`: it cannot start playing until it is all downloaded.
        case noFastStart
    }

    /// Which property differs.
    public var kind: Kind
    /// What the VAST says, as written or with its unit (`15 s`, `640x360`, `video/mp4`).
    public var expected: String
    /// What the file holds, with its unit.
    public var found: String
    /// The difference and what to do, for a person.
    public var message: String

    /// Creates a mismatch.
    public init(kind: Kind, expected: String, found: String, message: String) {
        self.kind = kind
        self.expected = expected
        self.found = found
        self.message = message
    }
}
