public import AdErrors
public import AdLifecycle

/// Why a ``VirtualPlayer`` could not play as asked. Nothing was sent when the code is `invalidInput`,
/// `VirtualPlayerError.Code.behindPlayhead` or `VirtualPlayerError.Code.unknownDuration`.
public struct VirtualPlayerError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == VirtualPlayerError` below, which
    /// can grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<VirtualPlayerError>

    /// Which reason this is.
    public var code: Code
    /// What is wrong and what to do, for a person.
    public var message: String
    /// The session's refusal, for `VirtualPlayerError.Code.refused`.
    public var sessionError: SessionError?

    /// Creates an error.
    public init(_ code: Code, _ message: String, sessionError: SessionError? = nil) {
        self.code = code
        self.message = message
        self.sessionError = sessionError
    }

    public var description: String { message }
}

extension ErrorCode where Domain == VirtualPlayerError {
    /// A time, duration or exposure out of bounds (not finite, negative, above the maximum).
    public static let invalidInput = Self("invalidInput")
    /// A play to a position before the playhead (that is a seek, not a play).
    public static let behindPlayhead = Self("behindPlayhead")
    /// A play to the end of an ad whose duration neither the document nor the player gives.
    public static let unknownDuration = Self("unknownDuration")
    /// The session refused an input the player's own playback needs (a progress report of an ad
    /// that is not linear); ``VirtualPlayerError/sessionError`` says why. What the play delivered
    /// before it is in the player's ``VirtualPlayer/events``.
    public static let refused = Self("refused")
}
