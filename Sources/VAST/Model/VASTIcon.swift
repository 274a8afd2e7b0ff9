/// `<Icon>`: an industry icon (for example AdChoices) over a Linear.
public struct VASTIcon: Sendable, Hashable {
    /// `program`.
    public var program: String?
    /// `width`.
    public var width: Int?
    /// `height`.
    public var height: Int?
    /// `xPosition`: pixels or `left` / `right`.
    public var xPosition: String?
    /// `yPosition`: pixels or `top` / `bottom`.
    public var yPosition: String?
    /// `duration`.
    public var duration: VASTTime?
    /// `offset`.
    public var offset: VASTTime?
    /// `apiFramework`.
    public var apiFramework: String?
    /// `pxratio`.
    public var pxratio: String?
    /// `<StaticResource>`, `<IFrameResource>`, `<HTMLResource>`.
    public var resources: [VASTResource] = []
    /// `<IconClicks>`.
    public var iconClicks: VASTIconClicks?
    /// `<IconViewTracking>` URIs.
    public var viewTracking: [String] = []
    /// `<AltText>` (4.2 and later).
    public var altText: String?
    /// `<HoverText>` (4.2 and later).
    public var hoverText: String?

    /// Creates an empty icon.
    public init() {}
}

/// `<IconClicks>`.
public struct VASTIconClicks: Sendable, Hashable {
    /// `<IconClickThrough>`.
    public var clickThrough: String?
    /// `<IconClickTracking>` URIs.
    public var clickTracking: [VASTTrackedURL] = []
    /// `<IconClickFallbackImages>` (4.1 and later).
    public var fallbackImages: [VASTIconClickFallbackImage] = []

    /// Creates empty icon clicks.
    public init() {}
}

/// `<IconClickFallbackImage>`: shown when the icon's click-through cannot open.
public struct VASTIconClickFallbackImage: Sendable, Hashable {
    /// `width`.
    public var width: Int?
    /// `height`.
    public var height: Int?
    /// `<AltText>`.
    public var altText: String?
    /// `<StaticResource>` URI.
    public var staticResource: String?

    /// Creates an empty fallback image.
    public init() {}
}

/// A creative resource: an image, an iframe page or an HTML snippet.
public enum VASTResource: Sendable, Hashable {
    /// `<StaticResource creativeType="...">`: a file to render (image or script).
    case staticResource(creativeType: String?, url: String)
    /// `<IFrameResource>`: a page to load in an iframe.
    case iframe(url: String)
    /// `<HTMLResource>`: markup to insert.
    case html(String)
}
