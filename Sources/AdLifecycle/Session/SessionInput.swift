/// Everything the host reports to an ``AdSession``, as data: the parts' own inputs nested (the unit's,
/// the video's, MRAID's), and what only the session knows of (exposure, time passing, verifications,
/// the NonLinear, the end).
///
/// The session hands each part's input to that part and keeps only the rules that span parts (the
/// impression before playback starts, the player expanding with the fullscreen unit, a click carrying
/// the playhead, a banner that is its companion, viewability); see ORDERING.md, scope `session`. The
/// controllers (``SessionControllers``) are the same inputs spelled as calls.
public enum SessionInput: Sendable, Hashable, Codable {
    /// The ad unit: impression, clicks, fullscreen, reward, expiry, failure, companions.
    case unit(UnitInput)
    /// The player of a linear ad: duration, progress, pause, mute, expand, skip, close, completion,
    /// interruption, icons.
    case video(VideoInput)
    /// An MRAID command or host report (viewability comes from ``exposureChanged(percent:)``).
    case mraid(MRAIDInput)
    /// A NonLinear (overlay) input.
    case nonLinear(NonLinearInput)
    /// The percentage of the ad's pixels on screen, from the app's view hierarchy (0 to 100).
    case exposureChanged(percent: Double)
    /// Time passed with nothing else to report (lets a display ad's second of exposure be judged).
    case timePassed
    /// Verification `index` of ``AdSession/verifications`` could not be run, for `reason`.
    case verificationNotExecuted(index: Int, reason: VerificationFailureReason)
    /// The host removed the ad for good (a banner taken off screen, the player torn down).
    case ended

    /// The input's name, as session fixtures write it (`impressionRendered`, `progressed`,
    /// `companionShown`, `mraid.expandRequested`, `nonLinear.clicked`).
    public var name: String {
        switch self {
        case .unit(.companionViewed): "companionShown"
        case .unit(.companionClicked): "companionClicked"
        case .unit(let input): input.kind.rawValue
        case .video(.iconViewed): "iconShown"
        case .video(let input): input.kind.rawValue
        case .mraid(let input): "mraid." + input.kind.rawValue
        case .nonLinear(let input): "nonLinear." + input.name
        case .exposureChanged: "exposureChanged"
        case .timePassed: "timePassed"
        case .verificationNotExecuted: "verificationNotExecuted"
        case .ended: "ended"
        }
    }
}

/// What the host reports about a NonLinear (overlay) ad.
public enum NonLinearInput: String, Sendable, Hashable, Codable, CaseIterable {
    /// The user accepted the invitation (the overlay expands or launches its linear part).
    case acceptInvitation
    /// The user expanded the overlay.
    case expanded
    /// The user collapsed it back to its original size.
    case collapsed
    /// The user minimized it.
    case minimized
    /// The user closed it for good.
    case closed
    /// The user tapped it: NonLinearClickTracking, and the click-through to open.
    case clicked

    /// The name fixtures write.
    public var name: String { rawValue }
}
