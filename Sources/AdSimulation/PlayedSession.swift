public import AdLifecycle

/// What a ``VirtualPlayer`` plays: an `AdSession` or an `AdBreak` someone else made (the engine's
/// `ad.makeSession(clock:)`, a fixture's session), driven through its one `send` entry point.
public protocol PlayedSession: Sendable {
    /// Handles one input and delivers what it caused.
    /// - Returns: the events it caused, in firing order.
    /// - Throws: `SessionError`; nothing changed.
    func send(_ input: SessionInput) throws(SessionError) -> [SessionEvent]

    /// The state of the ad playing now (a copy); `nil` when none is (a break between ads or over).
    var playing: SessionLifecycle? { get }
}

extension AdSession: PlayedSession {
    /// The session's state: its one ad.
    public var playing: SessionLifecycle? { lifecycle }
}

extension AdBreak: PlayedSession {
    /// The state of the pod ad playing now.
    public var playing: SessionLifecycle? { lifecycle.current }
}
