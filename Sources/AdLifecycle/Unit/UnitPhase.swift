/// Where an ad unit is in its presentation. The impression, reward and companion latches are kept
/// beside the phase in ``UnitState``.
///
/// Legal next phases (the ``UnitLifecycle/contract`` table is the source; ORDERING.md renders it):
/// - ``inline``: presenting, expired, failed.
/// - ``presenting``: presented, failed.
/// - ``presented``: dismissing, failed.
/// - ``dismissing``: dismissed, failed.
/// - ``dismissed``, ``expired``, ``failed``: none (terminal).
public enum UnitPhase: String, Sendable, Hashable, Codable, CaseIterable {
    /// Loaded, not fullscreen (a banner on screen, or an ad waiting to be shown).
    case inline
    /// `willPresentFullscreen` sent; waiting for the host to report the presentation done.
    case presenting
    /// Fullscreen on screen.
    case presented
    /// `willDismissFullscreen` sent; waiting for the host to report the dismissal done.
    case dismissing
    /// Dismissed: the unit is finished (only a reward earned while shown may still be delivered).
    case dismissed
    /// Expired before it was shown: finished.
    case expired
    /// Failed to render or play (an Error beacon was fired): finished.
    case failed

    /// True for the phases after which nothing but a late reward is accepted.
    public var isTerminal: Bool { self == .dismissed || self == .expired || self == .failed }
}

/// The whole observable state of a ``UnitLifecycle``: compared by tests to prove a refused input
/// changed nothing.
public struct UnitState: Sendable, Hashable, Codable {
    /// The presentation phase.
    public var phase: UnitPhase = .inline
    /// The impression latch: set when the impression was logged (at most once per ad instance).
    public var impressionLogged = false
    /// The reward latch.
    public var rewarded = false
    /// The companions (indexes of ``TrackingPlan/companions``) whose `creativeView` fired: each once.
    public var shownCompanions: Set<Int> = []

    /// The initial state.
    public init() {}
}
