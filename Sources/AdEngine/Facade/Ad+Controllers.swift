public import AdLifecycle

extension Ad {
    /// The controllers of this ad's session, in DT Exchange's style: the unit, video and MRAID controllers
    /// as views of one session (the same state, beacons, analytics and counts as
    /// ``makeSession(startsMuted:mraid:clock:observer:)``; ORDERING.md `controller-views`).
    ///
    /// The first call makes the ad's session (its play) with these arguments; later calls return the same
    /// controllers, and after `makeSession` they are views over the session it made.
    /// - Parameters:
    ///   - startsMuted: whether the player starts muted (applied while the player has reported nothing).
    ///   - mraid: the MRAID container, when the banner runs in one (taken when the session is made).
    /// - Throws: `alreadyPlayed` when the ad was played as a break; `playbackStarted` for a `startsMuted`
    ///   that differs once the player reported a duration or progress.
    @MainActor
    public func makeControllers(startsMuted: Bool? = nil, mraid: MRAIDContainer? = nil) throws(SessionError)
        -> SessionControllers
    {
        let controllers = try play.controllers { () throws(SessionError) -> AdSession in
            try newSession(startsMuted: startsMuted ?? false, mraid: mraid, clock: nil, observer: nil)
        }
        if let startsMuted, controllers.session.lifecycle.video?.state.isMuted != startsMuted {
            try controllers.session.playerStartsMuted(startsMuted)
        }
        return controllers
    }

    /// The unit controller of this ad's session (impression, clicks, fullscreen, companions), with
    /// `delegate` (held weakly). See ``makeControllers(startsMuted:mraid:)``.
    /// - Throws: `alreadyPlayed` when the ad was played as a break.
    @MainActor
    public func makeUnitController(delegate: (any UnitControllerDelegate)? = nil) throws(SessionError)
        -> UnitController
    {
        let controller = try makeControllers().unit
        controller.delegate = delegate
        return controller
    }

    /// The video controller of this ad's session (progress, quartiles, completion, skip, icons), with
    /// `delegate` (held weakly). See ``makeControllers(startsMuted:mraid:)``.
    /// - Throws: `alreadyPlayed` when the ad was played as a break; `playbackStarted` for a `startsMuted`
    ///   that differs once the player reported.
    @MainActor
    public func makeVideoController(startsMuted: Bool = false, delegate: (any VideoContentControllerDelegate)? = nil)
        throws(SessionError) -> VideoContentController
    {
        let controller = try makeControllers(startsMuted: startsMuted).video
        controller.delegate = delegate
        return controller
    }
}
