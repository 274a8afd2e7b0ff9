public import MediaProbe
public import VAST

/// A creative ready to show: its file downloaded into the cache and checked.
public struct ReadyCreative: Sendable, Hashable {
    /// The media file chosen (a full-screen ad), among the Linear's renditions.
    public var mediaFile: VASTMediaFile?
    /// Its local copy; `nil` for a streaming rendition (HLS, DASH), which the player streams.
    public var media: CachedFile?
    /// What the probe read from it; `nil` when media is not verified (``CreativeReadiness/verifiesMedia``).
    public var description: MediaDescription?
    /// How it differs from its `<MediaFile>` within what the policy accepts.
    public var mismatches: [MediaMismatch]
    /// The banner's image, downloaded (a bottom banner with a StaticResource image).
    public var bannerImage: CachedFile?
    /// The renditions and ads refused before this one, in the order they were tried.
    public var refused: [CreativeRefusal]

    /// Creates a value.
    public init(
        mediaFile: VASTMediaFile? = nil, media: CachedFile? = nil, description: MediaDescription? = nil,
        mismatches: [MediaMismatch] = [], bannerImage: CachedFile? = nil, refused: [CreativeRefusal] = []
    ) {
        self.mediaFile = mediaFile
        self.media = media
        self.description = description
        self.mismatches = mismatches
        self.bannerImage = bannerImage
        self.refused = refused
    }
}

/// Why one file (a media file rendition, a banner image) was not used.
public struct CreativeRefusal: Error, Sendable, Hashable, CustomStringConvertible {
    /// The file's URL.
    public var url: String
    /// The IAB code reported for it: 401 not found, 402 timeout, 403 unsupported type, 405
    /// problem displaying, 202 / 203 other duration or size, 603 / 502 a banner's resource not
    /// fetched, 604 / 503 not of a supported type; `nil` when the fault is the cache's own (a disk error).
    public var vastErrorCode: VASTErrorCode?
    /// What was wrong, for a person.
    public var message: String

    /// Creates a refusal.
    public init(url: String, vastErrorCode: VASTErrorCode?, message: String) {
        self.url = url
        self.vastErrorCode = vastErrorCode
        self.message = message
    }

    public var description: String {
        (vastErrorCode.map { "\($0.rawValue) " } ?? "") + message
    }
}
