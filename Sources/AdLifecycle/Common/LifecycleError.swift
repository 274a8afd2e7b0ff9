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
}
