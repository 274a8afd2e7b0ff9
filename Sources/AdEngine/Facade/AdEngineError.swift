public import AdPlacement
public import VAST

/// Why `getAd` returned no ad. Carries the placement decision and the mediation report when
/// they exist, so the app can log exactly what happened.
public struct AdEngineError: Error, Sendable, CustomStringConvertible {
    /// The failure families.
    public enum Kind: String, Sendable, Hashable {
        /// Every source answered with no ad.
        case noFill
        /// The tenant or the presentation does not allow the placement now (see ``decision``).
        case placementDisabled
        /// The overall deadline passed before a source filled.
        case timedOut
        /// No source filled and at least one failed (error or timeout); see ``report``.
        case allSourcesFailed
        /// The configuration is not usable; the message names the field.
        case invalidConfiguration
        /// The ad has nothing this player can play (403, fired to the ad's Error URLs).
        case noPlayableCreative
        /// No banner-capable creative fits the height (601 or 501, fired to the ad's Error URLs).
        case noFittingBanner
        /// The caller's task was cancelled; every source was stopped.
        case cancelled
        /// The call cannot be served as asked (a `maxHeight` below one point): nothing was requested.
        case invalidRequest
        /// The request named a presentation that is not open (never opened, or closed): nothing was
        /// decided or requested, and no other presentation was asked instead.
        case presentationNotOpen
    }

    /// The family.
    public let kind: Kind
    /// What happened, for a person.
    public let message: String
    /// The placement decision, when the request got that far.
    public let decision: PlacementDecision?
    /// The mediation report, when sources were tried.
    public let report: MediationReport?
    /// The IAB code, where one applies.
    public let vastErrorCode: VASTErrorCode?

    init(
        _ kind: Kind, _ message: String, decision: PlacementDecision? = nil, report: MediationReport? = nil,
        vastErrorCode: VASTErrorCode? = nil
    ) {
        self.kind = kind
        self.message = message
        self.decision = decision
        self.report = report
        self.vastErrorCode = vastErrorCode
    }

    public var description: String { "\(kind.rawValue): \(message)" }
}
