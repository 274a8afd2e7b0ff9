/// Where a linear video ad is in its playback.
///
/// Legal next phases (the ``VideoLifecycle/contract`` table is the source; ORDERING.md renders it):
/// - ``loading``: playing, completed, skipped, interrupted, closed.
/// - ``playing``: paused, completed, skipped, interrupted, closed.
/// - ``paused``: playing, completed, skipped, interrupted, closed.
/// - ``completed``, ``skipped``, ``interrupted``, ``closed``: none (terminal).
public enum VideoPhase: String, Sendable, Hashable, Codable, CaseIterable {
    /// No progress reported yet (the duration may already be known).
    case loading
    /// Playback reported progress and is not paused.
    case playing
    /// Paused by the user or the player.
    case paused
    /// Played to the end.
    case completed
    /// Skipped by the user.
    case skipped
    /// Stopped by an error (the buffer ran dry and did not refill, or the media failed).
    case interrupted
    /// Closed by the user before the end.
    case closed

    /// True when playback is over: nothing more is tracked.
    public var isTerminal: Bool {
        switch self {
        case .loading, .playing, .paused: false
        case .completed, .skipped, .interrupted, .closed: true
        }
    }
}

/// A point of playback tracked once: start, the quartiles and each progress offset.
public enum VideoMilestone: Sendable, Hashable, Codable {
    /// Playback started (`creativeView` and `start`).
    case start
    /// A quartile.
    case quartile(Quartile)
    /// A progress offset in canonical form (`00:00:05.250`, `75%`).
    case progress(offset: String)
}

/// The three quartiles of a linear ad, in playhead order.
public enum Quartile: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// 25 %: `firstQuartile`.
    case firstQuartile
    /// 50 %: `midpoint`.
    case midpoint
    /// 75 %: `thirdQuartile`.
    case thirdQuartile

    /// The share of the duration.
    public var fraction: Double {
        switch self {
        case .firstQuartile: 0.25
        case .midpoint: 0.5
        case .thirdQuartile: 0.75
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.fraction < rhs.fraction }
}

/// The whole observable state of a ``VideoLifecycle``.
public struct VideoState: Sendable, Hashable, Codable {
    /// The playback phase.
    public var phase: VideoPhase = .loading
    /// The duration, once known, in milliseconds.
    public var durationMs: Int?
    /// The last reported playhead, in milliseconds.
    public var playheadMs: Int?
    /// Whether the player is muted.
    public var isMuted: Bool
    /// Whether the player is expanded (fullscreen).
    public var isPlayerExpanded: Bool
    /// The `loaded` latch.
    public var loadedFired = false
    /// The milestones already fired: each fires once.
    public var fired: Set<VideoMilestone> = []
    /// The icons (indexes of ``TrackingPlan/icons``) whose IconViewTracking fired: each once.
    public var shownIcons: Set<Int> = []

    /// The initial state.
    public init(isMuted: Bool = false, isPlayerExpanded: Bool = false) {
        self.isMuted = isMuted
        self.isPlayerExpanded = isPlayerExpanded
    }
}
