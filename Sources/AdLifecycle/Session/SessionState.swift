/// What an ``AdSession`` remembers beside its parts' own states (the unit counts its companions, the video
/// its icons): the verifications, the NonLinear, and the end.
///
/// "Once" semantics live here and in the parts' states, never in the parsed ad.
public struct SessionState: Sendable, Hashable, Codable {
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
