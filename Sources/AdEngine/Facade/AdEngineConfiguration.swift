public import AdPlacement
public import AdResolution
public import AdTransport
public import FoundationEssentials
public import VAST

/// Everything an ``AdEngine`` needs, checked when the engine is built.
public struct AdEngineConfiguration: Sendable {
    /// The tenant's remote settings: placements, their sources and caps.
    public var settings: TenantSettings
    /// Where the durable beacon store lives (a SQLite file; created when missing).
    public var beaconStorePath: String
    /// The HTTP client's limits.
    public var http: HTTPClientConfiguration
    /// The beacon dispatcher's limits: sends in flight, queue and store size, time to live, backoff.
    public var beacons: BeaconDispatcherConfiguration
    /// Wrapper-chain limits (depth, per-request timeouts).
    public var resolver: WrapperResolverConfiguration
    /// The most a `getAd` call may take, whatever its sources' timeouts (default 10 s).
    public var overallTimeout: Duration
    /// MIME types the player can play, in order of preference.
    public var supportedMediaTypes: [String]
    /// Macro values that hold for every request (the request adds its own); its clock and
    /// random source are used for `[TIMESTAMP]` and `[CACHEBUSTING]`.
    public var macros: VASTMacroContext
    /// The wall clock for pacing decisions and beacon timestamps.
    public var clock: @Sendable () -> Date
    /// Whether mediation reports and errors hide private macro values (default `true`): the
    /// request's values of `VASTMacroRedactor.identifyingMacros` and of the settings'
    /// `TenantSettings.privateMacros` become `[redacted:NAME]` in every message, URL and
    /// hop of ``MediationReport`` and ``AdEngineError``. Turn it off only for local debugging.
    public var redactsPrivateValues: Bool
    /// The creative cache and, per placement, whether `getAd` waits for a playable creative; `nil` (the
    /// default): ads are returned with their media file's URL, untried.
    public var creatives: CreativeSettings?

    /// Creates a configuration.
    public init(
        settings: TenantSettings, beaconStorePath: String, http: HTTPClientConfiguration = .init(),
        beacons: BeaconDispatcherConfiguration = .init(), resolver: WrapperResolverConfiguration = .init(),
        overallTimeout: Duration = .seconds(10),
        supportedMediaTypes: [String] = ["video/mp4", "application/x-mpegURL", "video/webm"],
        macros: VASTMacroContext = VASTMacroContext(), clock: @escaping @Sendable () -> Date = { Date() },
        redactsPrivateValues: Bool = true, creatives: CreativeSettings? = nil
    ) {
        self.settings = settings
        self.beaconStorePath = beaconStorePath
        self.http = http
        self.beacons = beacons
        self.resolver = resolver
        self.overallTimeout = overallTimeout
        self.supportedMediaTypes = supportedMediaTypes
        self.macros = macros
        self.clock = clock
        self.redactsPrivateValues = redactsPrivateValues
        self.creatives = creatives
    }

    /// Every problem, each naming its field; empty when the configuration is usable.
    func problems() -> [(field: String, message: String)] {
        var problems: [(String, String)] = []
        do {
            try settings.validate()
        } catch {
            problems += error.issues.map { ("settings.\($0.field)", $0.problem) }
        }
        for (placement, placementSettings) in settings.placements.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
            let sources = placementSettings.sources.map(AdSource.init)
            guard placementSettings.enabled, !sources.isEmpty else { continue }
            do {
                try AdSource.validate(sources)
            } catch {
                problems.append(("settings.placements.\(placement.rawValue).\(error.field)", error.message))
            }
        }
        if overallTimeout <= .zero { problems.append(("overallTimeout", "must be above zero")) }
        if supportedMediaTypes.isEmpty { problems.append(("supportedMediaTypes", "must name at least one MIME type")) }
        if beaconStorePath.isEmpty { problems.append(("beaconStorePath", "must be a file path")) }
        if let problem = http.problem { problems.append(("http", problem)) }
        if let problem = beacons.problem { problems.append(("beacons", problem)) }
        if resolver.maxDepth < 0 { problems.append(("resolver.maxDepth", "must not be negative")) }
        return problems + (creatives?.problems() ?? [])
    }
}

extension AdSource {
    /// The mediation source a placement's settings describe.
    init(_ settings: PlacementSourceSettings) {
        let timeout = Duration.milliseconds(settings.timeoutMilliseconds)
        switch settings.kind {
        case .tag(let template): self = .tag(settings.name, tier: settings.tier, template: template, timeout: timeout)
        case .document(let xml): self = .document(settings.name, tier: settings.tier, xml: xml, timeout: timeout)
        }
    }
}
