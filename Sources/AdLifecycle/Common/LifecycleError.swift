public import AdErrors

/// Why a unit or video lifecycle refused an input. The state is left exactly as it was.
///
/// A struct with an extensible ``Code`` so new reasons can be added without breaking callers.
public struct LifecycleError: CodedError, Hashable, Codable {
    /// Which reason: one of the static members of `ErrorCode where Domain == LifecycleError` below, which
    /// can grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<LifecycleError>

    /// Which reason this is.
    public var code: Code
    /// What happened and what to do, for a person.
    public var message: String

    /// Creates an error with the code's standard message.
    public init(_ code: Code, message: String? = nil) {
        self.code = code
        self.message = message ?? Self.standardMessage(code)
    }

    public var description: String { "\(code): \(message)" }

    private static func standardMessage(_ code: Code) -> String {
        switch code {
        case .noPresentationHost:
            "no presentation host: implement presentationHost(for:) in the delegate before presenting fullscreen"
        case .presentationInProgress: "a fullscreen presentation or dismissal is in progress; wait for its did-callback"
        case .notPresenting: "no fullscreen transition is open for this report; report will before did"
        case .adFinished: "the ad was dismissed or failed; load a new ad"
        case .adExpired: "the ad expired before it was shown; load a new ad"
        case .notShown: "no impression was logged for this ad; a reward needs a shown ad"
        case .notSkippable: "the ad has no skip offset; hide the skip control"
        case .skipOffsetNotReached: "the playhead has not reached the skip offset; keep the skip control disabled"
        case .invalidDuration: "the duration must be above zero"
        case .invalidTime:
            "a time must be a finite number of seconds from 0 to 359999999999.999 (99999999:59:59.999); "
                + "report the player's values as they are, in seconds"
        case .noSuchCompanion: "no companion has that index; use an index of the plan's (the session's) companions"
        case .companionNotShown: "report the companion shown before its clicks"
        case .noSuchIcon: "no icon has that index; use an index of the plan's (the session's) icons"
        case .iconNotShown: "report the icon shown before its clicks"
        case .invalidInterruptionCode:
            "a Linear interruption carries 400 to 405 or 900; report other failures with renderFailed"
        default: code.description
        }
    }
}

extension ErrorCode where Domain == LifecycleError {
    /// A fullscreen presentation was requested but the delegate supplied no presentation host.
    public static let noPresentationHost = Self("noPresentationHost")
    /// A will/did pair is already open (presenting, presented or dismissing); pairs never interleave.
    public static let presentationInProgress = Self("presentationInProgress")
    /// A did-callback or dismissal arrived with no matching open will-callback.
    public static let notPresenting = Self("notPresenting")
    /// The unit has been dismissed or has failed: it cannot be presented again.
    public static let adFinished = Self("adFinished")
    /// The unit expired before it was shown: it cannot be presented.
    public static let adExpired = Self("adExpired")
    /// A reward was reported for an ad whose impression was never logged.
    public static let notShown = Self("notShown")
    /// Skip was requested for an ad without a skip offset.
    public static let notSkippable = Self("notSkippable")
    /// Skip was requested before the playhead reached the skip offset (or, for a percentage offset,
    /// before the duration was known).
    public static let skipOffsetNotReached = Self("skipOffsetNotReached")
    /// A duration of zero was reported.
    public static let invalidDuration = Self("invalidDuration")
    /// A time from the host is not a finite number of seconds from 0 to ``SessionTime/maximumSeconds``.
    public static let invalidTime = Self("invalidTime")
    /// A companion index that is not in ``TrackingPlan/companions``.
    public static let noSuchCompanion = Self("noSuchCompanion")
    /// A companion click before the companion was shown.
    public static let companionNotShown = Self("companionNotShown")
    /// An icon index that is not in ``TrackingPlan/icons``.
    public static let noSuchIcon = Self("noSuchIcon")
    /// An icon click before the icon was shown.
    public static let iconNotShown = Self("iconNotShown")
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    // The reason is an interruption's VAST code that is not allowed, not a kind of Code.
    /// An interruption's code is not one a Linear interruption may carry (400–405, 900).
    public static let invalidInterruptionCode = Self("invalidInterruptionCode")
}
