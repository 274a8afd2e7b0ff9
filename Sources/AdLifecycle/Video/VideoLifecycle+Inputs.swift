public import FoundationEssentials
public import VAST

extension VideoLifecycle {
    /// The player knows the duration: `durationUpdated` (and `loaded`, the first time), then any
    /// percentage milestone the playhead has already passed. A repeated value does nothing.
    /// - Throws: `invalidDuration` for zero.
    public mutating func durationUpdated(_ duration: VASTTime, at now: Date) throws(LifecycleError) -> [VideoAction] {
        try send(.durationUpdated(durationMs: duration.milliseconds), at: now)
    }

    /// The playhead moved: `started` the first time, `progressed`, then the milestones reached.
    public mutating func progressed(
        to position: VASTTime, duration: VASTTime?, at now: Date
    ) throws(LifecycleError) -> [VideoAction] {
        try send(.progressed(positionMs: position.milliseconds, durationMs: duration?.milliseconds), at: now)
    }

    /// Paused: `paused` and the `pause` URLs (only while playing).
    public mutating func paused(at now: Date) throws(LifecycleError) -> [VideoAction] { try send(.paused, at: now) }

    /// Resumed: `resumed` and the `resume` URLs (only while paused).
    public mutating func resumed(at now: Date) throws(LifecycleError) -> [VideoAction] { try send(.resumed, at: now) }

    /// Muted: `muted` and the `mute` URLs, on a change only.
    public mutating func muted(at now: Date) throws(LifecycleError) -> [VideoAction] { try send(.muted, at: now) }

    /// Unmuted: `unmuted` and the `unmute` URLs, on a change only.
    public mutating func unmuted(at now: Date) throws(LifecycleError) -> [VideoAction] { try send(.unmuted, at: now) }

    /// Fullscreen: `playerExpanded` and the `playerExpand` (VAST 4) and `fullscreen` (VAST 2/3) URLs.
    public mutating func playerExpanded(at now: Date) throws(LifecycleError) -> [VideoAction] {
        try send(.playerExpanded, at: now)
    }

    /// Out of fullscreen: `playerCollapsed` and the `playerCollapse` / `exitFullscreen` URLs.
    public mutating func playerCollapsed(at now: Date) throws(LifecycleError) -> [VideoAction] {
        try send(.playerCollapsed, at: now)
    }

    /// The user tapped skip: `skipped` and the `skip` URLs.
    /// - Throws: `notSkippable` without a skip offset; `skipOffsetNotReached` before it.
    public mutating func skipRequested(at now: Date) throws(LifecycleError) -> [VideoAction] {
        try send(.skipRequested, at: now)
    }

    /// The user closed the ad: `closed` and the `closeLinear` (VAST 2: `close`) URLs.
    public mutating func closeRequested(at now: Date) throws(LifecycleError) -> [VideoAction] {
        try send(.closeRequested, at: now)
    }

    /// Playback reached the end: any milestone not yet fired (start included), then `completed` and the
    /// `complete` URLs.
    public mutating func playbackCompleted(at now: Date) throws(LifecycleError) -> [VideoAction] {
        try send(.playbackCompleted, at: now)
    }

    /// Playback stopped for good: `interrupted` and every Error URL with `[ERRORCODE]`.
    public mutating func playbackInterrupted(
        _ error: AdPlaybackError, at now: Date
    ) throws(LifecycleError) -> [VideoAction] {
        try send(.playbackInterrupted(error), at: now)
    }

    /// Icon `index` was shown: its IconViewTracking URLs, once. - Throws: `noSuchIcon`.
    public mutating func iconViewed(_ index: Int, at now: Date) throws(LifecycleError) -> [VideoAction] {
        try send(.iconViewed(index: index), at: now)
    }

    /// Icon `index` was clicked: `iconClicked(index:url:)` and its IconClickTracking URLs, every time.
    /// - Throws: `noSuchIcon`; `iconNotShown` before it was shown.
    public mutating func iconClicked(_ index: Int, at now: Date) throws(LifecycleError) -> [VideoAction] {
        try send(.iconClicked(index: index), at: now)
    }
}
