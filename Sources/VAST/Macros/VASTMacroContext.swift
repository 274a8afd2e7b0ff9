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
        _modify {
            uniqueFixed()
            yield &fixed.values.contentPlayhead
        }
    }
    /// `[MEDIAPLAYHEAD]`.
    public var mediaPlayhead: VASTTime? {
        get { fixed.values.mediaPlayhead }
        _modify {
            uniqueFixed()
            yield &fixed.values.mediaPlayhead
        }
    }
    /// `[BREAKPOSITION]`.
    public var breakPosition: BreakPosition? {
        get { fixed.values.breakPosition }
        _modify {
            uniqueFixed()
            yield &fixed.values.breakPosition
        }
    }
    /// `[BLOCKEDADCATEGORIES]`.
    public var blockedAdCategories: [String]? {
        get { fixed.values.blockedAdCategories }
        _modify {
            uniqueFixed()
            yield &fixed.values.blockedAdCategories
        }
    }
    /// `[ADCATEGORIES]`.
    public var adCategories: [String]? {
        get { fixed.values.adCategories }
        _modify {
            uniqueFixed()
            yield &fixed.values.adCategories
        }
    }
    /// `[ADCOUNT]`.
    public var adCount: Int? {
        get { fixed.values.adCount }
        _modify {
            uniqueFixed()
            yield &fixed.values.adCount
        }
    }
    /// `[TRANSACTIONID]`.
    public var transactionID: String? {
        get { fixed.values.transactionID }
        _modify {
            uniqueFixed()
            yield &fixed.values.transactionID
        }
    }
    /// `[PLACEMENTTYPE]`.
    public var placementType: PlacementType? {
        get { fixed.values.placementType }
        _modify {
            uniqueFixed()
            yield &fixed.values.placementType
        }
    }
    /// `[ADTYPE]`.
    public var adType: AdType? {
        get { fixed.values.adType }
        _modify {
            uniqueFixed()
            yield &fixed.values.adType
        }
    }
    /// `[UNIVERSALADID]`: registry and id separated by a space, for example `ad-id.org CNPA0484000H`.
    public var universalAdID: String? {
        get { fixed.values.universalAdID }
        _modify {
            uniqueFixed()
            yield &fixed.values.universalAdID
        }
    }
    /// `[BREAKMAXDURATION]`, in whole seconds.
    public var breakMaxDurationSeconds: Int? {
        get { fixed.values.breakMaxDurationSeconds }
        _modify {
            uniqueFixed()
            yield &fixed.values.breakMaxDurationSeconds
        }
    }
    /// `[BREAKMAXADS]`.
    public var breakMaxAds: Int? {
        get { fixed.values.breakMaxAds }
        _modify {
            uniqueFixed()
            yield &fixed.values.breakMaxAds
        }
    }
    /// `[BREAKMINADLENGTH]`, in whole seconds.
    public var breakMinAdLengthSeconds: Int? {
        get { fixed.values.breakMinAdLengthSeconds }
        _modify {
            uniqueFixed()
            yield &fixed.values.breakMinAdLengthSeconds
        }
    }
    /// `[BREAKMAXADLENGTH]`, in whole seconds.
    public var breakMaxAdLengthSeconds: Int? {
        get { fixed.values.breakMaxAdLengthSeconds }
        _modify {
            uniqueFixed()
            yield &fixed.values.breakMaxAdLengthSeconds
        }
    }

    // MARK: Client

    /// `[IFA]`.
    public var ifa: String? {
        get { fixed.values.ifa }
        _modify {
            uniqueFixed()
            yield &fixed.values.ifa
        }
    }
    /// `[IFATYPE]`.
    public var ifaType: String? {
        get { fixed.values.ifaType }
        _modify {
            uniqueFixed()
            yield &fixed.values.ifaType
        }
    }
    /// `[CLIENTUA]`.
    public var clientUA: String? {
        get { fixed.values.clientUA }
        _modify {
            uniqueFixed()
            yield &fixed.values.clientUA
        }
    }
    /// `[SERVERUA]`.
    public var serverUA: String? {
        get { fixed.values.serverUA }
        _modify {
            uniqueFixed()
            yield &fixed.values.serverUA
        }
    }
    /// `[DEVICEUA]`.
    public var deviceUA: String? {
        get { fixed.values.deviceUA }
        _modify {
            uniqueFixed()
            yield &fixed.values.deviceUA
        }
    }
    /// `[SERVERSIDE]`: the IAB's code (0 when the client fires the request itself).
    public var serverSide: Int? {
        get { fixed.values.serverSide }
        _modify {
            uniqueFixed()
            yield &fixed.values.serverSide
        }
    }
    /// `[DEVICEIP]`.
    public var deviceIP: String? {
        get { fixed.values.deviceIP }
        _modify {
            uniqueFixed()
            yield &fixed.values.deviceIP
        }
    }
    /// `[LATLONG]`.
    public var latLong: Coordinates? {
        get { fixed.values.latLong }
        _modify {
            uniqueFixed()
            yield &fixed.values.latLong
        }
    }

    // MARK: Publisher

    /// `[DOMAIN]`.
    public var domain: String? {
        get { fixed.values.domain }
        _modify {
            uniqueFixed()
            yield &fixed.values.domain
        }
    }
    /// `[PAGEURL]`.
    public var pageURL: String? {
        get { fixed.values.pageURL }
        _modify {
            uniqueFixed()
            yield &fixed.values.pageURL
        }
    }
    /// `[APPBUNDLE]`.
    public var appBundle: String? {
        get { fixed.values.appBundle }
        _modify {
            uniqueFixed()
            yield &fixed.values.appBundle
        }
    }

    // MARK: Capabilities

    /// `[VASTVERSIONS]`: AdCOM protocol ids (2 = VAST 2.0, 3 = 3.0, 7 = 4.0, 11 = 4.1, 12 = 4.2...).
    public var vastVersions: [Int]? {
        get { fixed.values.vastVersions }
        _modify {
            uniqueFixed()
            yield &fixed.values.vastVersions
        }
    }
    /// `[APIFRAMEWORKS]`: AdCOM API framework ids (for example 7 = OMID 1).
    public var apiFrameworks: [Int]? {
        get { fixed.values.apiFrameworks }
        _modify {
            uniqueFixed()
            yield &fixed.values.apiFrameworks
        }
    }
    /// `[EXTENSIONS]`.
    public var extensions: [String]? {
        get { fixed.values.extensions }
        _modify {
            uniqueFixed()
            yield &fixed.values.extensions
        }
    }
    /// `[VERIFICATIONVENDORS]`.
    public var verificationVendors: [String]? {
        get { fixed.values.verificationVendors }
        _modify {
            uniqueFixed()
            yield &fixed.values.verificationVendors
        }
    }
    /// `[OMIDPARTNER]`: `name/version`.
    public var omidPartner: String? {
        get { fixed.values.omidPartner }
        _modify {
            uniqueFixed()
            yield &fixed.values.omidPartner
        }
    }
    /// `[MEDIAMIME]`.
    public var mediaMIME: [String]? {
        get { fixed.values.mediaMIME }
        _modify {
            uniqueFixed()
            yield &fixed.values.mediaMIME
        }
    }
    /// `[PLAYERCAPABILITIES]`: for example `skip`, `mute`, `autoplay`, `fullscreen`, `icon`.
    public var playerCapabilities: [String]? {
        get { fixed.values.playerCapabilities }
        _modify {
            uniqueFixed()
            yield &fixed.values.playerCapabilities
        }
    }
    /// `[CLICKTYPE]`.
    public var clickType: ClickType? {
        get { fixed.values.clickType }
        _modify {
            uniqueFixed()
            yield &fixed.values.clickType
        }
    }

    // MARK: Player state

    /// `[PLAYERSTATE]`: for example `muted`, `fullscreen`.
    public var playerState: [String]? {
        get { fixed.values.playerState }
        _modify {
            uniqueFixed()
            yield &fixed.values.playerState
        }
    }
    /// `[INVENTORYSTATE]`: for example `skippable`, `autoplayed`, `mautoplayed`, `optin`.
    public var inventoryState: [String]? {
        get { fixed.values.inventoryState }
        _modify {
            uniqueFixed()
            yield &fixed.values.inventoryState
        }
    }
    /// `[PLAYERSIZE]`.
    public var playerSize: PlayerSize? {
        get { fixed.values.playerSize }
        _modify {
            uniqueFixed()
            yield &fixed.values.playerSize
        }
    }
    /// `[ADPLAYHEAD]`.
    public var adPlayhead: VASTTime?
    /// `[ASSETURI]`.
    public var assetURI: String?
    /// `[CONTENTID]`.
    public var contentID: String? {
        get { fixed.values.contentID }
        _modify {
            uniqueFixed()
            yield &fixed.values.contentID
        }
    }
    /// `[CONTENTURI]`.
    public var contentURI: String? {
        get { fixed.values.contentURI }
        _modify {
            uniqueFixed()
            yield &fixed.values.contentURI
        }
    }
    /// `[PODSEQUENCE]`.
    public var podSequence: Int? {
        get { fixed.values.podSequence }
        _modify {
            uniqueFixed()
            yield &fixed.values.podSequence
        }
    }
    /// `[ADSERVINGID]`.
    public var adServingID: String? {
        get { fixed.values.adServingID }
        _modify {
            uniqueFixed()
            yield &fixed.values.adServingID
        }
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
        _modify {
            uniqueFixed()
            yield &fixed.values.limitAdTracking
        }
    }
    /// `[REGULATIONS]`: for example `gdpr`, `coppa`.
    public var regulations: [String]? {
        get { fixed.values.regulations }
        _modify {
            uniqueFixed()
            yield &fixed.values.regulations
        }
    }
    /// `[GDPRCONSENT]`.
    public var gdprConsent: String? {
        get { fixed.values.gdprConsent }
        _modify {
            uniqueFixed()
            yield &fixed.values.gdprConsent
        }
    }

    // MARK: Newer

    /// `[STOREID]`.
    public var storeID: String? {
        get { fixed.values.storeID }
        _modify {
            uniqueFixed()
            yield &fixed.values.storeID
        }
    }
    /// `[STOREURL]`.
    public var storeURL: String? {
        get { fixed.values.storeURL }
        _modify {
            uniqueFixed()
            yield &fixed.values.storeURL
        }
    }
    /// `[PLAYBACKMETHODS]`: AdCOM playback method ids.
    public var playbackMethods: [Int]? {
        get { fixed.values.playbackMethods }
        _modify {
            uniqueFixed()
            yield &fixed.values.playbackMethods
        }
    }
    /// `[CONTENTCAT]`.
    public var contentCategories: [String]? {
        get { fixed.values.contentCategories }
        _modify {
            uniqueFixed()
            yield &fixed.values.contentCategories
        }
    }
    /// `[GPPSTRING]`.
    public var gppString: String? {
        get { fixed.values.gppString }
        _modify {
            uniqueFixed()
            yield &fixed.values.gppString
        }
    }
    /// `[GPPSECTIONID]`.
    public var gppSectionIDs: [Int]? {
        get { fixed.values.gppSectionIDs }
        _modify {
            uniqueFixed()
            yield &fixed.values.gppSectionIDs
        }
    }
    /// `[DSAREQUIRED]`: the IAB's code (0 not required ... 3 required, the publisher is an online platform).
    public var dsaRequired: Int? {
        get { fixed.values.dsaRequired }
        _modify {
            uniqueFixed()
            yield &fixed.values.dsaRequired
        }
    }
    /// `[DSAPARAMS]`.
    public var dsaParams: String? {
        get { fixed.values.dsaParams }
        _modify {
            uniqueFixed()
            yield &fixed.values.dsaParams
        }
    }
    /// `[DSAPUBRENDER]`: the IAB's code (0 cannot render ... 2 will render).
    public var dsaPubRender: Int? {
        get { fixed.values.dsaPubRender }
        _modify {
            uniqueFixed()
            yield &fixed.values.dsaPubRender
        }
    }

    // MARK: Declarations

    /// Macros the player knows but policy forbids sending: written `-2`, whatever their value.
    public var withheld: Set<VASTMacro> {
        get { fixed.values.withheld }
        _modify {
            uniqueFixed()
            yield &fixed.values.withheld
        }
    }
    /// Macros the player chose not to fill: written `-1`, unless also ``withheld``.
    public var unknown: Set<VASTMacro> {
        get { fixed.values.unknown }
        _modify {
            uniqueFixed()
            yield &fixed.values.unknown
        }
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
