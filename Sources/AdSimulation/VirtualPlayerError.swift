public import AdLifecycle

/// Why a ``VirtualPlayer`` could not play as asked. Nothing was sent when the kind is ``Kind/invalidInput``,
/// ``Kind/behindPlayhead`` or ``Kind/unknownDuration``.
public struct VirtualPlayerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A time, duration or exposure out of bounds (not finite, negative, above the maximum).
        case invalidInput
        /// A play to a position before the playhead (that is a seek, not a play).
        case behindPlayhead
        /// A play to the end of an ad whose duration neither the document nor the player gives.
        case unknownDuration
        /// The session refused an input the player's own playback needs (a progress report of an ad
        /// that is not linear); ``VirtualPlayerError/sessionError`` says why. What the play delivered
        /// before it is in the player's ``VirtualPlayer/events``.
        case refused
    }

    /// The reason.
    public var kind: Kind
    /// What is wrong and what to do, for a person.
    public var message: String
    /// The session's refusal, for ``Kind/refused``.
    public var sessionError: SessionError?

    /// Creates an error.
    public init(_ kind: Kind, _ message: String, sessionError: SessionError? = nil) {
        self.kind = kind
        self.message = message
        self.sessionError = sessionError
    }

    public var description: String { message }
}
