public import AdLifecycle
public import AdPlacement
public import Creatives
public import VAST

/// A playable ad: what `getAd` returns.
///
/// Holds the chosen creative (a media file for a full-screen ad, a banner for a bottom banner),
/// the merged tracking of its chain, the placement decision and the mediation report, and makes its one
/// play: a session (``makeSession(startsMuted:mraid:clock:observer:)``), a break for a pod
/// (``makeBreak(startsMuted:buffet:clock:observer:)``), or the controllers that are views of a session
/// (``makeUnitController(delegate:)``). An ad is played once, whatever copy of it is used.
public struct Ad: Sendable {
    /// The request this ad answers.
    public let context: AdEventContext
    /// The placement decision that allowed the request.
    public let decision: PlacementDecision
    /// What every source did.
    public let report: MediationReport
    /// The source that won.
    public let source: String
    /// The InLine merged with its wrappers.
    public let resolved: ResolvedAd
    /// The `<Ad id>`.
    public var id: String? { resolved.ad.id }
    /// The id of the chosen creative (the Linear's for a full-screen ad, the banner's otherwise).
    public let creativeId: String?
    /// The media file to play, for a full-screen ad.
    public let mediaFile: VASTMediaFile?
    /// The banner and its final size, for a bottom banner.
    public let banner: BannerChoice?
    /// The creative's local files, downloaded and verified, when the engine waits for creatives
    /// (``AdEngineConfiguration/creatives``); `nil` otherwise.
    public internal(set) var readyCreative: ReadyCreative? = nil
    /// When the skip control appears, if the ad is skippable.
    public var skipOffset: VASTTimeOffset? { plan.skipOffset }
    /// The page a click opens (the ClickThrough closest to the InLine).
    public var clickThrough: String? { resolved.clickThrough?.url }
    /// Which beacon each input fires.
    public let plan: TrackingPlan
    /// Every ad the winning source returned, in pod order (``resolved`` is the first); a pod plays
    /// them as one break (``makeBreak(startsMuted:buffet:clock:observer:)``).
    public let pod: [ResolvedAd]

    let macros: VASTMacroContext
    let hooks: AdHooks
    /// The ad's one play, shared by every copy of this value.
    let play = AdPlay()
    /// What the player plays, for picking each pod ad's media file as `mediaFile` was picked.
    let supportedMediaTypes: [String]
    let playerSize: AdSize?
}
