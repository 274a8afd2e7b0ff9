/// `<Linear>`: a video or audio ad that takes over the player.
public struct VASTLinear: Sendable, Hashable {
    /// `skipoffset`: when the skip control appears (time or percentage).
    public var skipOffset: VASTTimeOffset?
    /// `<Duration>` (required in an InLine).
    public var duration: VASTTime?
    /// `<AdParameters>`.
    public var adParameters: VASTAdParameters?
    /// `<MediaFiles>/<MediaFile>`.
    public var mediaFiles: [VASTMediaFile] = []
    /// `<MediaFiles>/<Mezzanine>` (4.0 and later).
    public var mezzanines: [VASTMezzanine] = []
    /// `<MediaFiles>/<InteractiveCreativeFile>` (4.0 and later).
    public var interactiveCreativeFiles: [VASTInteractiveCreativeFile] = []
    /// `<MediaFiles>/<ClosedCaptionFiles>` (4.1 and later).
    public var closedCaptionFiles: [VASTClosedCaptionFile] = []
    /// `<TrackingEvents>`.
    public var trackingEvents: [VASTTrackingEvent] = []
    /// `<VideoClicks>`.
    public var videoClicks: VASTVideoClicks?
    /// `<Icons>`.
    public var icons: [VASTIcon] = []

    /// Creates an empty Linear.
    public init() {}
}

/// `<AdParameters>`: data for an interactive creative.
public struct VASTAdParameters: Sendable, Hashable {
    /// `xmlEncoded`.
    public var xmlEncoded: Bool?
    /// The text as written.
    public var value: String

    /// Creates parameters.
    public init(xmlEncoded: Bool? = nil, value: String) {
        self.xmlEncoded = xmlEncoded
        self.value = value
    }
}

/// `<MediaFile>`: one encoding of the ad.
public struct VASTMediaFile: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// `delivery`: `progressive` or `streaming`.
    public var delivery: String?
    /// `type`: the MIME type.
    public var type: String?
    /// `width` in pixels.
    public var width: Int?
    /// `height` in pixels.
    public var height: Int?
    /// `codec`.
    public var codec: String?
    /// `bitrate` in kbit/s.
    public var bitrate: Int?
    /// `minBitrate` in kbit/s.
    public var minBitrate: Int?
    /// `maxBitrate` in kbit/s.
    public var maxBitrate: Int?
    /// `scalable`.
    public var scalable: Bool?
    /// `maintainAspectRatio`.
    public var maintainAspectRatio: Bool?
    /// `fileSize` in bytes (4.1 and later).
    public var fileSize: Int?
    /// `mediaType` (4.1 and later, for example `2D`).
    public var mediaType: String?
    /// `apiFramework` (VPAID in 2.0 to 4.0).
    public var apiFramework: String?
    /// The file's URI.
    public var url: String

    /// Creates a media file with only its URI.
    public init(url: String) { self.url = url }
}

/// `<Mezzanine>`: the high-quality source for server-side transcoding.
public struct VASTMezzanine: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// `delivery`.
    public var delivery: String?
    /// `type`.
    public var type: String?
    /// `width`.
    public var width: Int?
    /// `height`.
    public var height: Int?
    /// `codec`.
    public var codec: String?
    /// `fileSize`.
    public var fileSize: Int?
    /// `mediaType`.
    public var mediaType: String?
    /// The file's URI.
    public var url: String

    /// Creates a mezzanine with only its URI.
    public init(url: String) { self.url = url }
}

/// `<InteractiveCreativeFile>`.
public struct VASTInteractiveCreativeFile: Sendable, Hashable {
    /// `type`.
    public var type: String?
    /// `apiFramework`.
    public var apiFramework: String?
    /// `variableDuration`.
    public var variableDuration: Bool?
    /// The file's URI.
    public var url: String

    /// Creates a file with only its URI.
    public init(type: String? = nil, apiFramework: String? = nil, variableDuration: Bool? = nil, url: String) {
        self.type = type
        self.apiFramework = apiFramework
        self.variableDuration = variableDuration
        self.url = url
    }
}

/// `<ClosedCaptionFile>`.
public struct VASTClosedCaptionFile: Sendable, Hashable {
    /// `type` (MIME type).
    public var type: String?
    /// `language`.
    public var language: String?
    /// The file's URI.
    public var url: String

    /// Creates a caption file.
    public init(type: String? = nil, language: String? = nil, url: String) {
        self.type = type
        self.language = language
        self.url = url
    }
}

/// `<VideoClicks>`.
public struct VASTVideoClicks: Sendable, Hashable {
    /// `<ClickThrough>`: the page to open.
    public var clickThrough: VASTTrackedURL?
    /// `<ClickTracking>` URIs.
    public var clickTracking: [VASTTrackedURL] = []
    /// `<CustomClick>` URIs.
    public var customClicks: [VASTTrackedURL] = []

    /// Creates empty clicks.
    public init() {}
}
