public import FoundationEssentials

/// What a player knows when it fires a URI: the values that fill the IAB macros.
///
/// Every value is optional. For each macro the expander decides, in this order:
/// 1. the macro is in ``withheld``: it becomes `-2` (the player knows it but policy forbids sending it);
/// 2. the macro is in ``unknown``: it becomes `-1` (the player chose not to fill it);
/// 3. the matching property has a value: it becomes that value, percent-encoded;
/// 4. otherwise the macro is left exactly as written and reported as
///    ``VASTMacroFinding/Kind/notFilled``. `-1` and `-2` are never a blanket default: a server
///    reads them as statements from the player, so the player must make them on purpose.
///
/// `[TIMESTAMP]` and `[CACHEBUSTING]` are always filled, from ``now`` and ``random``; both are read at
/// most once per expansion, so one URI carrying a macro twice gets the same value twice.
///
/// A value type, `Sendable`; the clock and random source are `@Sendable` closures so tests can inject
/// fixed ones. Copies are cheap: the values a beacon's moment does not set are held once and shared
/// by the copies until one of them changes a value.
public struct VASTMacroContext: Sendable {
    // MARK: Always

    /// The clock for `[TIMESTAMP]`. Default: the system clock.
    public var now: @Sendable () -> Date
    /// The zone `[TIMESTAMP]` is written in. Default: UTC. The zone's offset at that instant is written
    /// `±HH:MM` (RFC 3339's form, which every ISO 8601 parser reads), or `Z` when it is zero.
    public var timeZone: TimeZone {
        get { zone ?? .gmt }
        set { zone = newValue }
    }
    /// The zone set, or nil for UTC: a context that is never given one makes no `TimeZone` (Foundation's
    /// zone cache costs a process about 0.2 ms the first time).
    var zone: TimeZone?
    /// The random source for `[CACHEBUSTING]`; any 64-bit value, mapped onto 10000000...99999999.
    /// Default: the system random number generator.
    public var random: @Sendable () -> UInt64

    // MARK: Break

    /// `[CONTENTPLAYHEAD]` (deprecated; players should fill ``mediaPlayhead`` too).
    public var contentPlayhead: VASTTime? {
        get { fixed.values.contentPlayhead }
        set { mutateFixed { $0.contentPlayhead = newValue } }
    }
    /// `[MEDIAPLAYHEAD]`.
    public var mediaPlayhead: VASTTime? {
        get { fixed.values.mediaPlayhead }
        set { mutateFixed { $0.mediaPlayhead = newValue } }
    }
    /// `[BREAKPOSITION]`.
    public var breakPosition: BreakPosition? {
        get { fixed.values.breakPosition }
        set { mutateFixed { $0.breakPosition = newValue } }
    }
    /// `[BLOCKEDADCATEGORIES]`.
    public var blockedAdCategories: [String]? {
        get { fixed.values.blockedAdCategories }
        set { mutateFixed { $0.blockedAdCategories = newValue } }
    }
    /// `[ADCATEGORIES]`.
    public var adCategories: [String]? {
        get { fixed.values.adCategories }
        set { mutateFixed { $0.adCategories = newValue } }
    }
    /// `[ADCOUNT]`.
    public var adCount: Int? {
        get { fixed.values.adCount }
        set { mutateFixed { $0.adCount = newValue } }
    }
    /// `[TRANSACTIONID]`.
    public var transactionID: String? {
        get { fixed.values.transactionID }
        set { mutateFixed { $0.transactionID = newValue } }
    }
    /// `[PLACEMENTTYPE]`.
    public var placementType: PlacementType? {
        get { fixed.values.placementType }
        set { mutateFixed { $0.placementType = newValue } }
    }
    /// `[ADTYPE]`.
    public var adType: AdType? {
        get { fixed.values.adType }
        set { mutateFixed { $0.adType = newValue } }
    }
    /// `[UNIVERSALADID]`: registry and id separated by a space, for example `ad-id.org CNPA0484000H`.
    public var universalAdID: String? {
        get { fixed.values.universalAdID }
        set { mutateFixed { $0.universalAdID = newValue } }
    }
    /// `[BREAKMAXDURATION]`, in whole seconds.
    public var breakMaxDurationSeconds: Int? {
        get { fixed.values.breakMaxDurationSeconds }
        set { mutateFixed { $0.breakMaxDurationSeconds = newValue } }
    }
    /// `[BREAKMAXADS]`.
    public var breakMaxAds: Int? {
        get { fixed.values.breakMaxAds }
        set { mutateFixed { $0.breakMaxAds = newValue } }
    }
    /// `[BREAKMINADLENGTH]`, in whole seconds.
    public var breakMinAdLengthSeconds: Int? {
        get { fixed.values.breakMinAdLengthSeconds }
        set { mutateFixed { $0.breakMinAdLengthSeconds = newValue } }
    }
    /// `[BREAKMAXADLENGTH]`, in whole seconds.
    public var breakMaxAdLengthSeconds: Int? {
        get { fixed.values.breakMaxAdLengthSeconds }
        set { mutateFixed { $0.breakMaxAdLengthSeconds = newValue } }
    }

    // MARK: Client

    /// `[IFA]`.
    public var ifa: String? {
        get { fixed.values.ifa }
        set { mutateFixed { $0.ifa = newValue } }
    }
    /// `[IFATYPE]`.
    public var ifaType: String? {
        get { fixed.values.ifaType }
        set { mutateFixed { $0.ifaType = newValue } }
    }
    /// `[CLIENTUA]`.
    public var clientUA: String? {
        get { fixed.values.clientUA }
        set { mutateFixed { $0.clientUA = newValue } }
    }
    /// `[SERVERUA]`.
    public var serverUA: String? {
        get { fixed.values.serverUA }
        set { mutateFixed { $0.serverUA = newValue } }
    }
    /// `[DEVICEUA]`.
    public var deviceUA: String? {
        get { fixed.values.deviceUA }
        set { mutateFixed { $0.deviceUA = newValue } }
    }
    /// `[SERVERSIDE]`: the IAB's code (0 when the client fires the request itself).
    public var serverSide: Int? {
        get { fixed.values.serverSide }
        set { mutateFixed { $0.serverSide = newValue } }
    }
    /// `[DEVICEIP]`.
    public var deviceIP: String? {
        get { fixed.values.deviceIP }
        set { mutateFixed { $0.deviceIP = newValue } }
    }
    /// `[LATLONG]`.
    public var latLong: Coordinates? {
        get { fixed.values.latLong }
        set { mutateFixed { $0.latLong = newValue } }
    }

    // MARK: Publisher

    /// `[DOMAIN]`.
    public var domain: String? {
        get { fixed.values.domain }
        set { mutateFixed { $0.domain = newValue } }
    }
    /// `[PAGEURL]`.
    public var pageURL: String? {
        get { fixed.values.pageURL }
        set { mutateFixed { $0.pageURL = newValue } }
    }
    /// `[APPBUNDLE]`.
    public var appBundle: String? {
        get { fixed.values.appBundle }
        set { mutateFixed { $0.appBundle = newValue } }
    }

    // MARK: Capabilities

    /// `[VASTVERSIONS]`: AdCOM protocol ids (2 = VAST 2.0, 3 = 3.0, 7 = 4.0, 11 = 4.1, 12 = 4.2...).
    public var vastVersions: [Int]? {
        get { fixed.values.vastVersions }
        set { mutateFixed { $0.vastVersions = newValue } }
    }
    /// `[APIFRAMEWORKS]`: AdCOM API framework ids (for example 7 = OMID 1).
    public var apiFrameworks: [Int]? {
        get { fixed.values.apiFrameworks }
        set { mutateFixed { $0.apiFrameworks = newValue } }
    }
    /// `[EXTENSIONS]`.
    public var extensions: [String]? {
        get { fixed.values.extensions }
        set { mutateFixed { $0.extensions = newValue } }
    }
    /// `[VERIFICATIONVENDORS]`.
    public var verificationVendors: [String]? {
        get { fixed.values.verificationVendors }
        set { mutateFixed { $0.verificationVendors = newValue } }
    }
    /// `[OMIDPARTNER]`: `name/version`.
    public var omidPartner: String? {
        get { fixed.values.omidPartner }
        set { mutateFixed { $0.omidPartner = newValue } }
    }
    /// `[MEDIAMIME]`.
    public var mediaMIME: [String]? {
        get { fixed.values.mediaMIME }
        set { mutateFixed { $0.mediaMIME = newValue } }
    }
    /// `[PLAYERCAPABILITIES]`: for example `skip`, `mute`, `autoplay`, `fullscreen`, `icon`.
    public var playerCapabilities: [String]? {
        get { fixed.values.playerCapabilities }
        set { mutateFixed { $0.playerCapabilities = newValue } }
    }
    /// `[CLICKTYPE]`.
    public var clickType: ClickType? {
        get { fixed.values.clickType }
        set { mutateFixed { $0.clickType = newValue } }
    }

    // MARK: Player state

    /// `[PLAYERSTATE]`: for example `muted`, `fullscreen`.
    public var playerState: [String]? {
        get { fixed.values.playerState }
        set { mutateFixed { $0.playerState = newValue } }
    }
    /// `[INVENTORYSTATE]`: for example `skippable`, `autoplayed`, `mautoplayed`, `optin`.
    public var inventoryState: [String]? {
        get { fixed.values.inventoryState }
        set { mutateFixed { $0.inventoryState = newValue } }
    }
    /// `[PLAYERSIZE]`.
    public var playerSize: PlayerSize? {
        get { fixed.values.playerSize }
        set { mutateFixed { $0.playerSize = newValue } }
    }
    /// `[ADPLAYHEAD]`.
    public var adPlayhead: VASTTime?
    /// `[ASSETURI]`.
    public var assetURI: String?
    /// `[CONTENTID]`.
    public var contentID: String? {
        get { fixed.values.contentID }
        set { mutateFixed { $0.contentID = newValue } }
    }
    /// `[CONTENTURI]`.
    public var contentURI: String? {
        get { fixed.values.contentURI }
        set { mutateFixed { $0.contentURI = newValue } }
    }
    /// `[PODSEQUENCE]`.
    public var podSequence: Int? {
        get { fixed.values.podSequence }
        set { mutateFixed { $0.podSequence = newValue } }
    }
    /// `[ADSERVINGID]`.
    public var adServingID: String? {
        get { fixed.values.adServingID }
        set { mutateFixed { $0.adServingID = newValue } }
    }

    // MARK: Context-restricted

    /// `[CLICKPOS]`, expanded only in click-tracking URIs.
    public var clickPosition: ClickPosition?
    /// `[ERRORCODE]`, expanded only in Error URIs.
    public var errorCode: VASTErrorCode?
    /// `[REASON]`, expanded only in `verificationNotExecuted` tracking URIs.
    public var reason: VerificationNotExecutedReason?

    // MARK: Regulation

    /// `[LIMITADTRACKING]`, written `1` or `0`.
    public var limitAdTracking: Bool? {
        get { fixed.values.limitAdTracking }
        set { mutateFixed { $0.limitAdTracking = newValue } }
    }
    /// `[REGULATIONS]`: for example `gdpr`, `coppa`.
    public var regulations: [String]? {
        get { fixed.values.regulations }
        set { mutateFixed { $0.regulations = newValue } }
    }
    /// `[GDPRCONSENT]`.
    public var gdprConsent: String? {
        get { fixed.values.gdprConsent }
        set { mutateFixed { $0.gdprConsent = newValue } }
    }

    // MARK: Newer

    /// `[STOREID]`.
    public var storeID: String? {
        get { fixed.values.storeID }
        set { mutateFixed { $0.storeID = newValue } }
    }
    /// `[STOREURL]`.
    public var storeURL: String? {
        get { fixed.values.storeURL }
        set { mutateFixed { $0.storeURL = newValue } }
    }
    /// `[PLAYBACKMETHODS]`: AdCOM playback method ids.
    public var playbackMethods: [Int]? {
        get { fixed.values.playbackMethods }
        set { mutateFixed { $0.playbackMethods = newValue } }
    }
    /// `[CONTENTCAT]`.
    public var contentCategories: [String]? {
        get { fixed.values.contentCategories }
        set { mutateFixed { $0.contentCategories = newValue } }
    }
    /// `[GPPSTRING]`.
    public var gppString: String? {
        get { fixed.values.gppString }
        set { mutateFixed { $0.gppString = newValue } }
    }
    /// `[GPPSECTIONID]`.
    public var gppSectionIDs: [Int]? {
        get { fixed.values.gppSectionIDs }
        set { mutateFixed { $0.gppSectionIDs = newValue } }
    }
    /// `[DSAREQUIRED]`: the IAB's code (0 not required ... 3 required, the publisher is an online platform).
    public var dsaRequired: Int? {
        get { fixed.values.dsaRequired }
        set { mutateFixed { $0.dsaRequired = newValue } }
    }
    /// `[DSAPARAMS]`.
    public var dsaParams: String? {
        get { fixed.values.dsaParams }
        set { mutateFixed { $0.dsaParams = newValue } }
    }
    /// `[DSAPUBRENDER]`: the IAB's code (0 cannot render ... 2 will render).
    public var dsaPubRender: Int? {
        get { fixed.values.dsaPubRender }
        set { mutateFixed { $0.dsaPubRender = newValue } }
    }

    // MARK: Declarations

    /// Macros the player knows but policy forbids sending: written `-2`, whatever their value.
    public var withheld: Set<VASTMacro> {
        get { fixed.values.withheld }
        set { mutateFixed { $0.withheld = newValue } }
    }
    /// Macros the player chose not to fill: written `-1`, unless also ``withheld``.
    public var unknown: Set<VASTMacro> {
        get { fixed.values.unknown }
        set { mutateFixed { $0.unknown = newValue } }
    }

    /// Every value but the moment's (the clock, the random source, the zone and the macros a beacon's
    /// moment sets), shared by copies until one of them changes a value (see ``FixedBox``).
    var fixed = FixedBox()

    /// Creates a context with no values, no declarations, UTC timestamps, and the given clock and
    /// random source.
    /// - Parameters:
    ///   - now: the clock for `[TIMESTAMP]`; default the system clock.
    ///   - timeZone: the zone for `[TIMESTAMP]`; default (nil) UTC.
    ///   - random: the source for `[CACHEBUSTING]`; default the system random number generator.
    public init(
        now: @escaping @Sendable () -> Date = { Date() },
        timeZone: TimeZone? = nil,
        random: @escaping @Sendable () -> UInt64 = { UInt64.random(in: .min ... .max) }
    ) {
        self.now = now
        self.zone = timeZone
        self.random = random
    }
}
