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
/// fixed ones.
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
    public var contentPlayhead: VASTTime?
    /// `[MEDIAPLAYHEAD]`.
    public var mediaPlayhead: VASTTime?
    /// `[BREAKPOSITION]`.
    public var breakPosition: BreakPosition?
    /// `[BLOCKEDADCATEGORIES]`.
    public var blockedAdCategories: [String]?
    /// `[ADCATEGORIES]`.
    public var adCategories: [String]?
    /// `[ADCOUNT]`.
    public var adCount: Int?
    /// `[TRANSACTIONID]`.
    public var transactionID: String?
    /// `[PLACEMENTTYPE]`.
    public var placementType: PlacementType?
    /// `[ADTYPE]`.
    public var adType: AdType?
    /// `[UNIVERSALADID]`: registry and id separated by a space, for example `ad-id.org CNPA0484000H`.
    public var universalAdID: String?
    /// `[BREAKMAXDURATION]`, in whole seconds.
    public var breakMaxDurationSeconds: Int?
    /// `[BREAKMAXADS]`.
    public var breakMaxAds: Int?
    /// `[BREAKMINADLENGTH]`, in whole seconds.
    public var breakMinAdLengthSeconds: Int?
    /// `[BREAKMAXADLENGTH]`, in whole seconds.
    public var breakMaxAdLengthSeconds: Int?

    // MARK: Client

    /// `[IFA]`.
    public var ifa: String?
    /// `[IFATYPE]`.
    public var ifaType: String?
    /// `[CLIENTUA]`.
    public var clientUA: String?
    /// `[SERVERUA]`.
    public var serverUA: String?
    /// `[DEVICEUA]`.
    public var deviceUA: String?
    /// `[SERVERSIDE]`: the IAB's code (0 when the client fires the request itself).
    public var serverSide: Int?
    /// `[DEVICEIP]`.
    public var deviceIP: String?
    /// `[LATLONG]`.
    public var latLong: Coordinates?

    // MARK: Publisher

    /// `[DOMAIN]`.
    public var domain: String?
    /// `[PAGEURL]`.
    public var pageURL: String?
    /// `[APPBUNDLE]`.
    public var appBundle: String?

    // MARK: Capabilities

    /// `[VASTVERSIONS]`: AdCOM protocol ids (2 = VAST 2.0, 3 = 3.0, 7 = 4.0, 11 = 4.1, 12 = 4.2...).
    public var vastVersions: [Int]?
    /// `[APIFRAMEWORKS]`: AdCOM API framework ids (for example 7 = OMID 1).
    public var apiFrameworks: [Int]?
    /// `[EXTENSIONS]`.
    public var extensions: [String]?
    /// `[VERIFICATIONVENDORS]`.
    public var verificationVendors: [String]?
    /// `[OMIDPARTNER]`: `name/version`.
    public var omidPartner: String?
    /// `[MEDIAMIME]`.
    public var mediaMIME: [String]?
    /// `[PLAYERCAPABILITIES]`: for example `skip`, `mute`, `autoplay`, `fullscreen`, `icon`.
    public var playerCapabilities: [String]?
    /// `[CLICKTYPE]`.
    public var clickType: ClickType?

    // MARK: Player state

    /// `[PLAYERSTATE]`: for example `muted`, `fullscreen`.
    public var playerState: [String]?
    /// `[INVENTORYSTATE]`: for example `skippable`, `autoplayed`, `mautoplayed`, `optin`.
    public var inventoryState: [String]?
    /// `[PLAYERSIZE]`.
    public var playerSize: PlayerSize?
    /// `[ADPLAYHEAD]`.
    public var adPlayhead: VASTTime?
    /// `[ASSETURI]`.
    public var assetURI: String?
    /// `[CONTENTID]`.
    public var contentID: String?
    /// `[CONTENTURI]`.
    public var contentURI: String?
    /// `[PODSEQUENCE]`.
    public var podSequence: Int?
    /// `[ADSERVINGID]`.
    public var adServingID: String?

    // MARK: Context-restricted

    /// `[CLICKPOS]`, expanded only in click-tracking URIs.
    public var clickPosition: ClickPosition?
    /// `[ERRORCODE]`, expanded only in Error URIs.
    public var errorCode: VASTErrorCode?
    /// `[REASON]`, expanded only in `verificationNotExecuted` tracking URIs.
    public var reason: VerificationNotExecutedReason?

    // MARK: Regulation

    /// `[LIMITADTRACKING]`, written `1` or `0`.
    public var limitAdTracking: Bool?
    /// `[REGULATIONS]`: for example `gdpr`, `coppa`.
    public var regulations: [String]?
    /// `[GDPRCONSENT]`.
    public var gdprConsent: String?

    // MARK: Newer

    /// `[STOREID]`.
    public var storeID: String?
    /// `[STOREURL]`.
    public var storeURL: String?
    /// `[PLAYBACKMETHODS]`: AdCOM playback method ids.
    public var playbackMethods: [Int]?
    /// `[CONTENTCAT]`.
    public var contentCategories: [String]?
    /// `[GPPSTRING]`.
    public var gppString: String?
    /// `[GPPSECTIONID]`.
    public var gppSectionIDs: [Int]?
    /// `[DSAREQUIRED]`: the IAB's code (0 not required ... 3 required, the publisher is an online platform).
    public var dsaRequired: Int?
    /// `[DSAPARAMS]`.
    public var dsaParams: String?
    /// `[DSAPUBRENDER]`: the IAB's code (0 cannot render ... 2 will render).
    public var dsaPubRender: Int?

    // MARK: Declarations

    /// Macros the player knows but policy forbids sending: written `-2`, whatever their value.
    public var withheld: Set<VASTMacro> = []
    /// Macros the player chose not to fill: written `-1`, unless also ``withheld``.
    public var unknown: Set<VASTMacro> = []

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
