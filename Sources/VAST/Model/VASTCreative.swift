/// `<Creative>`: one Linear, NonLinearAds or CompanionAds with its identifiers.
public struct VASTCreative: Sendable, Hashable {
    /// The `id` attribute.
    public var id: String?
    /// The `adId` attribute (also read from the `AdID` spelling, with a finding).
    public var adId: String?
    /// The `sequence` attribute.
    public var sequence: Int?
    /// The `apiFramework` attribute.
    public var apiFramework: String?
    /// `<UniversalAdId>` elements.
    public var universalAdIds: [VASTUniversalAdId] = []
    /// `<CreativeExtensions>`, each kept as raw XML.
    public var creativeExtensions: [VASTExtension] = []
    /// The creative's body.
    public var kind: Kind?

    /// A creative's body.
    public enum Kind: Sendable, Hashable {
        /// A video or audio ad that takes over the player.
        case linear(VASTLinear)
        /// Overlays shown over content.
        case nonLinearAds(VASTNonLinearAds)
        /// Companion banners shown beside the player.
        case companionAds(VASTCompanionAds)
    }

    /// Creates an empty creative.
    public init() {}

    /// The Linear body, when this creative is one.
    public var linear: VASTLinear? {
        if case .linear(let value) = kind { return value }
        return nil
    }

    /// The NonLinearAds body, when this creative is one.
    public var nonLinearAds: VASTNonLinearAds? {
        if case .nonLinearAds(let value) = kind { return value }
        return nil
    }

    /// The CompanionAds body, when this creative is one.
    public var companionAds: VASTCompanionAds? {
        if case .companionAds(let value) = kind { return value }
        return nil
    }
}

/// `<UniversalAdId>`: the creative's registry identifier.
public struct VASTUniversalAdId: Sendable, Hashable {
    /// `idRegistry` (for example `Ad-ID`).
    public var idRegistry: String?
    /// `idValue` (4.0 only; 4.1 moved the value into the text).
    public var idValue: String?
    /// The element text.
    public var value: String

    /// Creates an identifier.
    public init(idRegistry: String? = nil, idValue: String? = nil, value: String) {
        self.idRegistry = idRegistry
        self.idValue = idValue
        self.value = value
    }
}

/// A tracking URI with an optional `id`: ClickTracking, CustomClick, CompanionClickTracking and the like.
public struct VASTTrackedURL: Sendable, Hashable {
    /// The `id` attribute.
    public var id: String?
    /// The URI, trimmed, macros unexpanded.
    public var url: String

    /// Creates a tracked URL.
    public init(id: String? = nil, url: String) {
        self.id = id
        self.url = url
    }
}

/// `<Tracking>`: a URI fired on a player or ad event.
public struct VASTTrackingEvent: Sendable, Hashable {
    /// The `event` attribute.
    public var event: VASTTrackingEventName
    /// The `offset` attribute (progress events only).
    public var offset: VASTTimeOffset?
    /// The URI, trimmed, macros unexpanded.
    public var url: String

    /// Creates a tracking event.
    public init(event: VASTTrackingEventName, offset: VASTTimeOffset? = nil, url: String) {
        self.event = event
        self.offset = offset
        self.url = url
    }
}

/// A tracking event name. Unknown names still fit, so a document from a newer server is kept whole.
public struct VASTTrackingEventName: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The name as written in the `event` attribute.
    public var rawValue: String

    /// Wraps a name.
    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { rawValue }

    public static let creativeView = Self(rawValue: "creativeView")
    public static let loaded = Self(rawValue: "loaded")
    public static let start = Self(rawValue: "start")
    public static let firstQuartile = Self(rawValue: "firstQuartile")
    public static let midpoint = Self(rawValue: "midpoint")
    public static let thirdQuartile = Self(rawValue: "thirdQuartile")
    public static let complete = Self(rawValue: "complete")
    public static let progress = Self(rawValue: "progress")
    public static let mute = Self(rawValue: "mute")
    public static let unmute = Self(rawValue: "unmute")
    public static let pause = Self(rawValue: "pause")
    public static let resume = Self(rawValue: "resume")
    public static let rewind = Self(rawValue: "rewind")
    public static let skip = Self(rawValue: "skip")
    public static let playerExpand = Self(rawValue: "playerExpand")
    public static let playerCollapse = Self(rawValue: "playerCollapse")
    public static let fullscreen = Self(rawValue: "fullscreen")
    public static let exitFullscreen = Self(rawValue: "exitFullscreen")
    public static let expand = Self(rawValue: "expand")
    public static let collapse = Self(rawValue: "collapse")
    public static let acceptInvitation = Self(rawValue: "acceptInvitation")
    public static let acceptInvitationLinear = Self(rawValue: "acceptInvitationLinear")
    public static let adExpand = Self(rawValue: "adExpand")
    public static let adCollapse = Self(rawValue: "adCollapse")
    public static let minimize = Self(rawValue: "minimize")
    public static let close = Self(rawValue: "close")
    public static let closeLinear = Self(rawValue: "closeLinear")
    public static let overlayViewDuration = Self(rawValue: "overlayViewDuration")
    public static let otherAdInteraction = Self(rawValue: "otherAdInteraction")
    public static let interactiveStart = Self(rawValue: "interactiveStart")
    public static let notUsed = Self(rawValue: "notUsed")
    public static let timeSpentViewing = Self(rawValue: "timeSpentViewing")
    public static let verificationNotExecuted = Self(rawValue: "verificationNotExecuted")
}
