/// An IAB VAST macro name, such as `CACHEBUSTING` in `[CACHEBUSTING]`, `%5BCACHEBUSTING%5D` or
/// `%%CACHEBUSTING%%`.
///
/// A `RawRepresentable` struct rather than an enum so that a name this engine does not know (a newer
/// spec, a vendor's own) still fits; ``all`` lists the 59 names of the IAB macro table.
public struct VASTMacro: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
    /// The name without delimiters, for example `CACHEBUSTING`.
    public var rawValue: String

    /// Wraps a name.
    public init(rawValue: String) { self.rawValue = rawValue }

    public var description: String { "[\(rawValue)]" }

    /// True for the 59 names of the IAB macro table.
    public var isIAB: Bool { Self.known.contains(self) }

    /// True for the macros the IAB deprecates (only ``contentPlayhead``); they are still expanded.
    public var isDeprecated: Bool { self == .contentPlayhead }

    /// `TIMESTAMP`: When the URI is fired: ISO 8601 with milliseconds and zone.
    public static let timestamp = Self(rawValue: "TIMESTAMP")
    /// `CACHEBUSTING`: A random 8-digit number that defeats caches.
    public static let cacheBusting = Self(rawValue: "CACHEBUSTING")
    /// `CONTENTPLAYHEAD`: The content's playhead (deprecated in 4.1; use ``mediaPlayhead``).
    public static let contentPlayhead = Self(rawValue: "CONTENTPLAYHEAD")
    /// `MEDIAPLAYHEAD`: The playhead of the content or ad stream where the break happens.
    public static let mediaPlayhead = Self(rawValue: "MEDIAPLAYHEAD")
    /// `BREAKPOSITION`: Where the break sits: pre-roll, mid-roll, post-roll or stand-alone.
    public static let breakPosition = Self(rawValue: "BREAKPOSITION")
    /// `BLOCKEDADCATEGORIES`: The ad categories the publisher blocks (a list).
    public static let blockedAdCategories = Self(rawValue: "BLOCKEDADCATEGORIES")
    /// `ADCATEGORIES`: The categories of the ad being played (a list).
    public static let adCategories = Self(rawValue: "ADCATEGORIES")
    /// `ADCOUNT`: How many ads the break has played, counting this one.
    public static let adCount = Self(rawValue: "ADCOUNT")
    /// `TRANSACTIONID`: An identifier shared by every request of one ad opportunity.
    public static let transactionID = Self(rawValue: "TRANSACTIONID")
    /// `PLACEMENTTYPE`: The placement type (in-stream, in-banner, in-article, in-feed, interstitial).
    public static let placementType = Self(rawValue: "PLACEMENTTYPE")
    /// `ADTYPE`: The kind of ad: video, audio or hybrid.
    public static let adType = Self(rawValue: "ADTYPE")
    /// `UNIVERSALADID`: The ad's Universal Ad ID, registry and id separated by a space.
    public static let universalAdID = Self(rawValue: "UNIVERSALADID")
    /// `BREAKMAXDURATION`: The longest the break may last, in seconds.
    public static let breakMaxDuration = Self(rawValue: "BREAKMAXDURATION")
    /// `BREAKMAXADS`: The most ads the break may hold.
    public static let breakMaxAds = Self(rawValue: "BREAKMAXADS")
    /// `BREAKMINADLENGTH`: The shortest ad the break accepts, in seconds.
    public static let breakMinAdLength = Self(rawValue: "BREAKMINADLENGTH")
    /// `BREAKMAXADLENGTH`: The longest ad the break accepts, in seconds.
    public static let breakMaxAdLength = Self(rawValue: "BREAKMAXADLENGTH")
    /// `IFA`: The device's identifier for advertising.
    public static let ifa = Self(rawValue: "IFA")
    /// `IFATYPE`: The kind of identifier in ``ifa`` (for example `idfa`, `aaid`).
    public static let ifaType = Self(rawValue: "IFATYPE")
    /// `CLIENTUA`: The player and plug-in: `name/version name/version`.
    public static let clientUA = Self(rawValue: "CLIENTUA")
    /// `SERVERUA`: The user agent of the server making the request on the player's behalf.
    public static let serverUA = Self(rawValue: "SERVERUA")
    /// `DEVICEUA`: The device's user agent.
    public static let deviceUA = Self(rawValue: "DEVICEUA")
    /// `SERVERSIDE`: Whether a server fires the request, and on whose behalf.
    public static let serverSide = Self(rawValue: "SERVERSIDE")
    /// `DEVICEIP`: The device's IP address.
    public static let deviceIP = Self(rawValue: "DEVICEIP")
    /// `LATLONG`: The device's latitude and longitude.
    public static let latLong = Self(rawValue: "LATLONG")
    /// `DOMAIN`: The domain of the page or app's site where the ad plays.
    public static let domain = Self(rawValue: "DOMAIN")
    /// `PAGEURL`: The URL of the page where the ad plays.
    public static let pageURL = Self(rawValue: "PAGEURL")
    /// `APPBUNDLE`: The bundle or package name of the app where the ad plays.
    public static let appBundle = Self(rawValue: "APPBUNDLE")
    /// `VASTVERSIONS`: The VAST versions the player supports, as AdCOM protocol ids (a list).
    public static let vastVersions = Self(rawValue: "VASTVERSIONS")
    /// `APIFRAMEWORKS`: The API frameworks the player supports, as AdCOM ids (a list).
    public static let apiFrameworks = Self(rawValue: "APIFRAMEWORKS")
    /// `EXTENSIONS`: The `<Extension>` types the player supports (a list).
    public static let extensions = Self(rawValue: "EXTENSIONS")
    /// `VERIFICATIONVENDORS`: The verification vendors the player supports (a list).
    public static let verificationVendors = Self(rawValue: "VERIFICATIONVENDORS")
    /// `OMIDPARTNER`: The OM SDK partner: `name/version`.
    public static let omidPartner = Self(rawValue: "OMIDPARTNER")
    /// `MEDIAMIME`: The media MIME types the player supports (a list).
    public static let mediaMIME = Self(rawValue: "MEDIAMIME")
    /// `PLAYERCAPABILITIES`: What the player can do: skip, mute, autoplay and so on (a list).
    public static let playerCapabilities = Self(rawValue: "PLAYERCAPABILITIES")
    /// `CLICKTYPE`: How the ad can be clicked.
    public static let clickType = Self(rawValue: "CLICKTYPE")
    /// `PLAYERSTATE`: The player's state: muted, fullscreen and so on (a list).
    public static let playerState = Self(rawValue: "PLAYERSTATE")
    /// `INVENTORYSTATE`: The inventory's state: skippable, autoplayed and so on (a list).
    public static let inventoryState = Self(rawValue: "INVENTORYSTATE")
    /// `PLAYERSIZE`: The player's width and height in pixels.
    public static let playerSize = Self(rawValue: "PLAYERSIZE")
    /// `ADPLAYHEAD`: The ad's playhead.
    public static let adPlayhead = Self(rawValue: "ADPLAYHEAD")
    /// `ASSETURI`: The URI of the ad asset being played.
    public static let assetURI = Self(rawValue: "ASSETURI")
    /// `CONTENTID`: The publisher's identifier of the content.
    public static let contentID = Self(rawValue: "CONTENTID")
    /// `CONTENTURI`: The URI of the content.
    public static let contentURI = Self(rawValue: "CONTENTURI")
    /// `PODSEQUENCE`: The ad's `sequence` in its pod.
    public static let podSequence = Self(rawValue: "PODSEQUENCE")
    /// `ADSERVINGID`: The ad server's `<AdServingId>` of the ad.
    public static let adServingID = Self(rawValue: "ADSERVINGID")
    /// `CLICKPOS`: Where the user clicked, in pixels (ClickTracking only).
    public static let clickPosition = Self(rawValue: "CLICKPOS")
    /// `ERRORCODE`: The VAST error code (Error URIs only).
    public static let errorCode = Self(rawValue: "ERRORCODE")
    /// `REASON`: Why a verification was not executed (verificationNotExecuted only).
    public static let reason = Self(rawValue: "REASON")
    /// `LIMITADTRACKING`: Whether the user limits ad tracking.
    public static let limitAdTracking = Self(rawValue: "LIMITADTRACKING")
    /// `REGULATIONS`: The regulations that apply, for example `gdpr`, `coppa` (a list).
    public static let regulations = Self(rawValue: "REGULATIONS")
    /// `GDPRCONSENT`: The TCF consent string.
    public static let gdprConsent = Self(rawValue: "GDPRCONSENT")
    /// `STOREID`: The app's identifier in its store.
    public static let storeID = Self(rawValue: "STOREID")
    /// `STOREURL`: The app's store URL.
    public static let storeURL = Self(rawValue: "STOREURL")
    /// `PLAYBACKMETHODS`: How playback starts, as AdCOM playback method ids (a list).
    public static let playbackMethods = Self(rawValue: "PLAYBACKMETHODS")
    /// `CONTENTCAT`: The content's categories (a list).
    public static let contentCategories = Self(rawValue: "CONTENTCAT")
    /// `GPPSTRING`: The IAB Global Privacy Platform string.
    public static let gppString = Self(rawValue: "GPPSTRING")
    /// `GPPSECTIONID`: The GPP section ids that apply (a list).
    public static let gppSectionID = Self(rawValue: "GPPSECTIONID")
    /// `DSAREQUIRED`: Whether Digital Services Act transparency information is required.
    public static let dsaRequired = Self(rawValue: "DSAREQUIRED")
    /// `DSAPARAMS`: The Digital Services Act parameters.
    public static let dsaParams = Self(rawValue: "DSAPARAMS")
    /// `DSAPUBRENDER`: Whether the publisher renders the Digital Services Act information.
    public static let dsaPubRender = Self(rawValue: "DSAPUBRENDER")

    /// The 59 macros of the IAB table, in the table's order.
    public static let all: [VASTMacro] = [
        .timestamp, .cacheBusting, .contentPlayhead, .mediaPlayhead, .breakPosition, .blockedAdCategories,
        .adCategories, .adCount, .transactionID, .placementType, .adType, .universalAdID, .breakMaxDuration,
        .breakMaxAds, .breakMinAdLength, .breakMaxAdLength, .ifa, .ifaType, .clientUA, .serverUA, .deviceUA,
        .serverSide, .deviceIP, .latLong, .domain, .pageURL, .appBundle, .vastVersions, .apiFrameworks, .extensions,
        .verificationVendors, .omidPartner, .mediaMIME, .playerCapabilities, .clickType, .playerState,
        .inventoryState, .playerSize, .adPlayhead, .assetURI, .contentID, .contentURI, .podSequence, .adServingID,
        .clickPosition, .errorCode, .reason, .limitAdTracking, .regulations, .gdprConsent, .storeID, .storeURL,
        .playbackMethods, .contentCategories, .gppString, .gppSectionID, .dsaRequired, .dsaParams, .dsaPubRender,
    ]

    private static let known = Set(all)

    /// Each IAB macro's position in ``all``.
    private static let positions = Dictionary(uniqueKeysWithValues: all.enumerated().map { ($1, $0) })

    /// The macro's position in ``all``, or `nil` when it is not an IAB macro.
    var iabIndex: Int? { Self.positions[self] }
}
