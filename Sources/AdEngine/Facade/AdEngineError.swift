public import AdErrors
public import AdPlacement
public import VAST

/// Why `getAd` returned no ad. Carries the placement decision and the mediation report when
/// they exist, so the app can log exactly what happened.
public struct AdEngineError: CodedError {
    /// Which reason: one of the static members of `ErrorCode where Domain == AdEngineError` below, which
    /// can grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<AdEngineError>

    /// Which reason this is.
    public let code: Code
    /// What happened, for a person.
    public let message: String
    /// The placement decision, when the request got that far.
    public let decision: PlacementDecision?
    /// The mediation report, when sources were tried.
    public let report: MediationReport?
    /// The IAB code, where one applies.
    public let vastErrorCode: VASTErrorCode?

    init(
        _ code: Code, _ message: String, decision: PlacementDecision? = nil, report: MediationReport? = nil,
        vastErrorCode: VASTErrorCode? = nil
    ) {
        self.code = code
        self.message = message
        self.decision = decision
        self.report = report
        self.vastErrorCode = vastErrorCode
    }

    public var description: String { "\(code.description): \(message)" }
}

extension ErrorCode where Domain == AdEngineError {
    /// Every source answered with no ad.
    public static let noFill = Self("noFill")
    /// The tenant or the presentation does not allow the placement now (see ``decision``).
    public static let placementDisabled = Self("placementDisabled")
    /// The overall deadline passed before a source filled.
    public static let timedOut = Self("timedOut")
    /// No source filled and at least one failed (error or timeout); see ``report``.
    public static let allSourcesFailed = Self("allSourcesFailed")
    /// The configuration is not usable; the message names the field.
    public static let invalidConfiguration = Self("invalidConfiguration")
    /// A system library the engine needs cannot be loaded (SQLite, for the beacon store): the engine
    /// was not made. The message names the library and the Debian package that has it.
    public static let unavailable = Self("unavailable")
    /// The ad has nothing this player can play (403, fired to the ad's Error URLs).
    public static let noPlayableCreative = Self("noPlayableCreative")
    /// No banner-capable creative fits the height (601 or 501, fired to the ad's Error URLs).
    public static let noFittingBanner = Self("noFittingBanner")
    /// The caller's task was cancelled; every source was stopped.
    public static let cancelled = Self("cancelled")
    /// The call cannot be served as asked (a `maxHeight` that is NaN, infinite or below one point):
    /// nothing was requested.
    public static let invalidRequest = Self("invalidRequest")
    /// The request named a presentation that is not open (never opened, or closed): nothing was
    /// decided or requested, and no other presentation was asked instead.
    public static let presentationNotOpen = Self("presentationNotOpen")
    /// The placement is asked for with the wrong call: a bottom banner with `getAd`, a full-screen
    /// placement with `getBottomBannerAd`. The message names the right call; nothing was decided or
    /// requested, so no partner is told of an ad failure that is the caller's mistake.
    public static let wrongMethod = Self("wrongMethod")
    /// The request's presentation was closed while the call was in flight: its sources were stopped,
    /// and nothing of the call counts (no ad, no impression, no cap) or is sent after the close (no
    /// error pixel). ``decision`` and ``report`` say how far it got.
    public static let presentationClosed = Self("presentationClosed")
    /// The engine was closed (`AdEngine.close()`) before or during the call: nothing was requested
    /// after the close, and nothing of the call is sent. Make a new engine to ask for ads.
    public static let engineClosed = Self("engineClosed")
}
