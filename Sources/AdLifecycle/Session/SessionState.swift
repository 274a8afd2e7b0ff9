/// What an ``AdSession`` remembers beside its parts' own states: which shown parts already counted.
///
/// "Once" semantics live here (a set per kind of part), never in the parsed ad.
public struct SessionState: Sendable, Hashable, Codable {
    /// Companions (indexes of ``AdSession/companions``) whose `creativeView` fired.
    public var shownCompanions: Set<Int> = []
    /// Icons (indexes of ``AdSession/icons``) whose IconViewTracking fired.
    public var shownIcons: Set<Int> = []
    /// Verifications whose verificationNotExecuted fired.
    public var unexecutedVerifications: Set<Int> = []
    /// Whether the NonLinear's `creativeView` fired.
    public var nonLinearViewed = false
    /// Whether the NonLinear was closed.
    public var nonLinearClosed = false
    /// Whether the host ended the session; later inputs are ignored.
    public var ended = false

    /// The initial state.
    public init() {}
}
