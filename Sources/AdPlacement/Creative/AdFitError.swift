public import AdErrors
public import VAST

/// Why an ad cannot be shown in the ``AdFormat`` asked for, with the VAST code to report to its Error URLs.
///
/// The ad is not broken, it is the wrong shape for this slot: a mediation counts it as its source's "no fit"
/// and tries the next. Firing the code is the engine's job; this module only names it.
public struct AdFitError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == AdFitError` below, which can
    /// grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<AdFitError>

    /// Which reason this is.
    public var code: Code
    /// The IAB code for the ad's Error URLs: 201, 403, or the banner's (601, 604, 501, 503, 201); `nil`
    /// only when the format itself leaves no room (a `maxHeight` below 1 point), which is no fault of the ad.
    public var vastErrorCode: VASTErrorCode?
    /// What was looked for and why nothing fits, for a person.
    public var message: String

    /// Creates an error.
    public init(_ code: Code, vastErrorCode: VASTErrorCode?, message: String) {
        self.code = code
        self.vastErrorCode = vastErrorCode
        self.message = message
    }
}

extension ErrorCode where Domain == AdFitError {
    /// A full-screen video was asked for and the ad has no Linear creative (201: the player expected a
    /// different linearity).
    public static let noLinearCreative = Self("noLinearCreative")
    /// A full-screen video was asked for and the ad's Linear has no media file of a type the player
    /// plays (403).
    public static let noPlayableMediaFile = Self("noPlayableMediaFile")
    /// A bottom banner was asked for and no companion or non-linear of the ad fits (see
    /// ``BannerFitError``: 601, 604, 501, 503, or 201 for an ad with neither).
    public static let noFittingBanner = Self("noFittingBanner")
}
