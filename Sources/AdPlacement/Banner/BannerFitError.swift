public import AdErrors
public import Foundation
public import VAST

/// Why no creative of an ad can be a bottom banner, with the VAST error codes to report.
///
/// Firing the codes to the ad's Error URIs is the engine's job; this module only names them.
public struct BannerFitError: CodedError, Hashable {
    /// Which reason: one of the static members of `ErrorCode where Domain == BannerFitError` below, which
    /// can grow without breaking a caller (switch on it with a `default`).
    public typealias Code = ErrorCode<BannerFitError>

    /// The kind of failure.
    public var code: Code
    /// The VAST codes to report, one per kind of creative the ad holds (companions first): 601 or 604
    /// for companions, 501 or 503 for non-linears, or 201 alone for an ad with neither; empty for
    /// `invalidSpace`.
    public var vastErrorCodes: [VASTErrorCode]
    /// The height that had to be met, in points.
    public var maxHeight: CGFloat
    /// The width that had to be met, when one was given.
    public var maxWidth: Int?
    /// What was tried, for a person: each candidate's declared size and why it did not fit.
    public var message: String

    /// Creates an error.
    public init(code: Code, vastErrorCodes: [VASTErrorCode], maxHeight: CGFloat, maxWidth: Int?, message: String) {
        self.code = code
        self.vastErrorCodes = vastErrorCodes
        self.maxHeight = maxHeight
        self.maxWidth = maxWidth
        self.message = message
    }

    public var description: String {
        "\(code) (VAST \(vastErrorCodes.map(\.description).joined(separator: ", "))): \(message)"
    }
}

extension ErrorCode where Domain == BannerFitError {
    /// Banner-capable creatives exist, but none fits the space, even scaled where allowed
    /// (601 for companions, 501 for non-linears).
    public static let doesNotFit = Self("doesNotFit")
    /// Companions or non-linears exist, but none has a resource a banner can render, or every
    /// companion is an end card (604 for companions, 503 for non-linears).
    public static let noSupportedResource = Self("noSupportedResource")
    /// The ad has only linear creatives (201: the player expected a different linearity).
    public static let noBannerCreative = Self("noBannerCreative")
    /// The space asked for is not one (`maxHeight` NaN, infinite or below 1, or `maxWidth` below 1): the
    /// caller's mistake, so no VAST code is reported.
    public static let invalidSpace = Self("invalidSpace")
}
