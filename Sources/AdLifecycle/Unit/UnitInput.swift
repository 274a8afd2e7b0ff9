/// Everything that can happen to an ad unit, as data (for fixtures and property tests).
///
/// Each case matches one ``UnitLifecycle`` method; times are not part of the input but passed beside
/// it (`send(_:at:)`).
public enum UnitInput: Sendable, Hashable, Codable {
    /// The ad was rendered and is visible: the impression is due.
    case impressionRendered
    /// The user clicked the ad, at an optional position and ad playhead (milliseconds).
    case clicked(position: ClickPoint?, playheadMs: Int?)
    /// The app asked to show the ad fullscreen; `hostAvailable` says whether the delegate supplied a
    /// presentation host.
    case fullscreenRequested(hostAvailable: Bool)
    /// The host finished presenting the fullscreen view.
    case fullscreenPresented
    /// The user or app asked to dismiss the fullscreen view.
    case fullscreenDismissRequested
    /// The host finished dismissing the fullscreen view.
    case fullscreenDismissed
    /// A click is about to leave the app for another (store, browser).
    case externalAppOpening(url: String)
    /// The user earned the reward of a rewarded ad.
    case rewardEarned
    /// The ad's time to live passed (the owner's timer decided; the lifecycle reads no clock).
    case expired
    /// The ad failed to render or play, with the VAST error code to report.
    case renderFailed(errorCode: Int)
    /// Companion `index` of ``TrackingPlan/companions`` is on screen.
    case companionViewed(index: Int)
    /// Companion `index` was tapped (after it was shown), at an optional position (pixels, for
    /// `[CLICKPOS]`).
    case companionClicked(index: Int, position: ClickPoint? = nil)

    /// The kind of input, for the transition table.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        case impressionRendered, clicked, fullscreenRequested, fullscreenPresented, fullscreenDismissRequested
        case fullscreenDismissed, externalAppOpening, rewardEarned, expired, renderFailed
        case companionViewed, companionClicked
    }

    /// The input's kind.
    public var kind: Kind {
        switch self {
        case .impressionRendered: .impressionRendered
        case .clicked: .clicked
        case .fullscreenRequested: .fullscreenRequested
        case .fullscreenPresented: .fullscreenPresented
        case .fullscreenDismissRequested: .fullscreenDismissRequested
        case .fullscreenDismissed: .fullscreenDismissed
        case .externalAppOpening: .externalAppOpening
        case .rewardEarned: .rewardEarned
        case .expired: .expired
        case .renderFailed: .renderFailed
        case .companionViewed: .companionViewed
        case .companionClicked: .companionClicked
        }
    }
}

/// A delegate callback of the unit, as a value.
public enum UnitCallback: Sendable, Hashable, Codable {
    /// The impression will be logged (rendered and visible). At most once per ad instance.
    case impressionWillBeLogged
    /// The ad was clicked; `url` is the click-through to open (macros expanded), if the ad has one.
    case clicked(url: String?)
    /// Fullscreen presentation starts.
    case willPresentFullscreen
    /// Fullscreen presentation finished.
    case didPresentFullscreen
    /// Fullscreen dismissal starts.
    case willDismissFullscreen
    /// Fullscreen dismissal finished; the unit is done.
    case didDismissFullscreen
    /// The app is about to open another app for `url`.
    case willOpenExternalApp(url: String)
    /// The user earned the reward. At most once.
    case rewarded
    /// The ad expired before it was shown.
    case expired
    /// The ad failed with this VAST error code.
    case failed(errorCode: Int)
    /// Companion `index` was tapped; open `url` (its CompanionClickThrough, macros expanded) if any.
    case companionClicked(index: Int, url: String?)
}

/// An action of the unit lifecycle.
public typealias UnitAction = LifecycleAction<UnitCallback>
