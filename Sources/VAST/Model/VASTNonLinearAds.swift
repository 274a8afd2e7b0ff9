/// `<NonLinearAds>`: overlays shown over content, with shared tracking.
public struct VASTNonLinearAds: Sendable, Hashable {
    /// `<NonLinear>` elements.
    public var nonLinears: [VASTNonLinear] = []
    /// `<TrackingEvents>`.
    public var trackingEvents: [VASTTrackingEvent] = []

    /// Creates an empty group.
    public init() {}
}

/// `<NonLinear>`: one overlay.
public struct VASTNonLinear: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// `width`.
    public var width: Int?
    /// `height`.
    public var height: Int?
    /// `expandedWidth`.
    public var expandedWidth: Int?
    /// `expandedHeight`.
    public var expandedHeight: Int?
    /// `scalable`.
    public var scalable: Bool?
    /// `maintainAspectRatio`.
    public var maintainAspectRatio: Bool?
    /// `minSuggestedDuration`.
    public var minSuggestedDuration: VASTTime?
    /// `apiFramework`.
    public var apiFramework: String?
    /// Static, iframe and HTML resources.
    public var resources: [VASTResource] = []
    /// `<AdParameters>`.
    public var adParameters: VASTAdParameters?
    /// `<NonLinearClickThrough>`.
    public var clickThrough: String?
    /// `<NonLinearClickTracking>` URIs.
    public var clickTracking: [VASTTrackedURL] = []

    /// Creates an empty overlay.
    public init() {}
}

/// `<CompanionAds>`: banners shown beside the player.
public struct VASTCompanionAds: Sendable, Hashable {
    /// `required`: `all`, `any` or `none`.
    public var required: String?
    /// `<Companion>` elements.
    public var companions: [VASTCompanion] = []

    /// Creates an empty group.
    public init() {}
}

/// `<Companion>`: one banner.
public struct VASTCompanion: Sendable, Hashable {
    /// `id`.
    public var id: String?
    /// `width`.
    public var width: Int?
    /// `height`.
    public var height: Int?
    /// `assetWidth`.
    public var assetWidth: Int?
    /// `assetHeight`.
    public var assetHeight: Int?
    /// `expandedWidth`.
    public var expandedWidth: Int?
    /// `expandedHeight`.
    public var expandedHeight: Int?
    /// `apiFramework`.
    public var apiFramework: String?
    /// `adSlotId` (up to 4.0 also spelled `adSlotID`, as the 4.0 schema writes it).
    public var adSlotId: String?
    /// `pxratio`.
    public var pxratio: String?
    /// `renderingMode` (`default`, `end-card`, `concurrent`).
    public var renderingMode: String?
    /// Static, iframe and HTML resources.
    public var resources: [VASTResource] = []
    /// `<AdParameters>`.
    public var adParameters: VASTAdParameters?
    /// `<AltText>`.
    public var altText: String?
    /// `<CompanionClickThrough>`.
    public var clickThrough: String?
    /// `<CompanionClickTracking>` URIs.
    public var clickTracking: [VASTTrackedURL] = []
    /// `<TrackingEvents>` (creativeView).
    public var trackingEvents: [VASTTrackingEvent] = []

    /// Creates an empty companion.
    public init() {}
}
