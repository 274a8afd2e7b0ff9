public import AdErrors

/// Why an ``AdSession`` refused an input. The session's state is left exactly as it was.
///
/// The unit's and video's refusals keep their ``LifecycleError`` code (`skipOffsetNotReached`), MRAID's its
/// ``MRAIDError`` code and ``action`` (`expand`); the session adds its own codes for what only it checks:
/// numbers from the host out of range, parts the ad does not have, MRAID commands before any exposure.
public struct SessionError: CodedError, Hashable, Codable {
    /// Which reason: one of the static members of `ErrorCode where Domain == SessionError` below, which
    /// can grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<SessionError>

    /// Which reason this is.
    public var code: Code
    /// What happened and what to do, for a person.
    public var message: String
    /// For MRAID refusals, the command (`expand`) or host report refused; `nil` otherwise.
    public var action: String?

    /// Creates an error with the code's standard message.
    public init(_ code: Code, message: String? = nil, action: String? = nil) {
        self.code = code
        self.message = message ?? Self.standardMessage(code)
        self.action = action
    }

    /// The unit's or video's refusal, code and message kept.
    public init(_ error: LifecycleError) {
        self.init(Code(error.code.description), message: error.message)
    }

    /// MRAID's refusal, code, message and action kept.
    public init(_ error: MRAIDError) {
        self.init(Code(error.code.description), message: error.message, action: error.action)
    }

    public var description: String { (action.map { "\($0): " } ?? "") + "\(code): \(message)" }

    private static func standardMessage(_ code: Code) -> String {
        switch code {
        case .invalidExposure: "exposure is the percentage of the ad's pixels on screen, from 0 to 100"
        case .notLinear: "the session's creative is not a linear video; video inputs do not apply"
        case .notNonLinear: "the session's creative is not a NonLinear; overlay inputs do not apply"
        case .noMRAIDContainer: "the session was made without an MRAID container (configuration.mraid)"
        case .exposureNotReported:
            "no exposure has been reported yet: call exposureChanged(percent:) from the view hierarchy before "
                + "the creative's MRAID commands run (MRAID 3.0 itself does not require it; this container "
                + "refuses commands until it knows the ad is on screen)"
        case .viewabilityFromExposure:
            "MRAID viewability follows the exposure the host reports; call exposureChanged(percent:) instead"
        case .noSuchVerification: "no verification has that index; use an index of AdSession.verifications"
        case .noSuchCreative: "the creative is not in the ad; pass the indexes the placement chose"
        case .alreadyPlayed:
            "this ad already has its play (a session, a break or controllers): one ad is played once; use "
                + "the controllers' session, or call getAd for another ad"
        case .playbackStarted: "the player already reported a duration or progress; its starting state is set"
        default: code.description
        }
    }
}

extension ErrorCode where Domain == SessionError {
    /// A time from the host is not a finite number of seconds from 0 to ``SessionTime/maximumSeconds``.
    public static let invalidTime = Self("invalidTime")
    /// An exposure is not a percentage from 0 to 100 (NaN included).
    public static let invalidExposure = Self("invalidExposure")
    /// A video input for a session whose creative is not linear.
    public static let notLinear = Self("notLinear")
    /// A NonLinear input for a session whose creative is not a NonLinear.
    public static let notNonLinear = Self("notNonLinear")
    /// An MRAID input for a session made without an MRAID container.
    public static let noMRAIDContainer = Self("noMRAIDContainer")
    /// An MRAID command before the host's first exposure report.
    public static let exposureNotReported = Self("exposureNotReported")
    /// The host reported MRAID viewability directly; the session derives it from exposure.
    public static let viewabilityFromExposure = Self("viewabilityFromExposure")
    /// A companion index that is not in ``AdSession/companions`` (the unit's refusal).
    public static let noSuchCompanion = Self("noSuchCompanion")
    /// A companion click before the companion was shown.
    public static let companionNotShown = Self("companionNotShown")
    /// An icon index that is not in ``AdSession/icons`` (the video's refusal).
    public static let noSuchIcon = Self("noSuchIcon")
    /// An icon click before the icon was shown.
    public static let iconNotShown = Self("iconNotShown")
    /// A verification index that is not in ``AdSession/verifications``.
    public static let noSuchVerification = Self("noSuchVerification")
    /// The creative the session was made for is not in the ad.
    public static let noSuchCreative = Self("noSuchCreative")
    /// A second session or break for an ad that already has its play (one ad, one play).
    public static let alreadyPlayed = Self("alreadyPlayed")
    /// The player's starting state was set after it reported a duration or progress.
    public static let playbackStarted = Self("playbackStarted")
    // swift-format-ignore: DontRepeatTypeInStaticProperties
    // The reason is an interruption's VAST code that is not allowed, not a kind of Code.
    /// An interruption's code is not one a Linear interruption may carry (400–405, 900).
    public static let invalidInterruptionCode = Self("invalidInterruptionCode")
}
